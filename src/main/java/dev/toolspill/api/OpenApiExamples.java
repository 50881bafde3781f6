package dev.toolspill.api;

/** Example bodies shown at {@code /q/openapi}; taken from real responses. */
final class OpenApiExamples {

    private OpenApiExamples() {
    }

    static final String STORED_ITEM = """
            {"call_id":null,"tool":"read_file","status":"ok",
             "output":"[blob:01a228dc-415a-768d-a8d5-16a5235981af] text | 40000 lines\\n── head ──\\n2026-11-29T10:00:00 INFO line 1 r…\\n…",
             "blob":{"id":"01a228dc-415a-768d-a8d5-16a5235981af","kind":"text","bytes":2424765,"lines":40000,"created":"2026-11-29T19:50:53Z"},
             "truncated":null}""";

    static final String PROBLEM = """
            {"type":"about:blank","title":"Bad Request","status":400,"detail":"call id 'x' is used twice: ids must be unique within a batch"}""";

    static final String PROBLEM_RANGE = """
            {"type":"about:blank","title":"Bad Request","status":400,
             "detail":"blob 01a228dc-415a-768d-a8d5-16a5235981af has 40000 lines, so lines:50000-50001 starts past its end: use lines:A-B with 1 <= A <= 40000"}""";

    static final String INSPECT_ITEM = """
            {"call_id":null,"tool":"inspect","status":"ok",
             "output":"[{\\"id\\":0},…,{\\"id\\":1200}]\\n[truncated: 51234 bytes dropped, refine your query] next part: path:/results slice:1201..5000",
             "blob":null,"truncated":{"dropped_bytes":51234,"blob_id":null},"next":"path:/results slice:1201..5000"}""";

    static final String BATCH = """
            {"calls":[
              {"id":"call-1","name":"search","arguments":{"q":"quarkus"}},
              {"id":"call-2","name":"inspect","arguments":{"blob_id":"01a228dc-415a-768d-a8d5-16a5235981af","selector":"lines:2-3"}}]}""";

    static final String RESULTS = """
            {"results":[
              {"call_id":"call-1","tool":"search","status":"ok","output":"[blob:01a228dc-4f6c-773c-9454-f7a0c3bb0523] json_array | 400 entries\\n── schema ──\\nrank: number, title: string\\n── head ──\\n…",
               "blob":{"id":"01a228dc-4f6c-773c-9454-f7a0c3bb0523","kind":"json_array","bytes":51234,"entries":400,"created":"2026-11-29T19:50:56Z"},"truncated":null},
              {"call_id":"call-2","tool":"inspect","status":"ok","output":"line\\nline\\n","blob":null,"truncated":null}]}""";

    static final String TOOLS = """
            {"tools":[{"name":"inspect","description":"Read part of a stored tool output. …",
              "parameters":{"type":"object","properties":{"blob_id":{"type":"string"},"selector":{"type":"string"}},"required":["blob_id"]}}]}""";

    static final String TOOLS_OPENAI = """
            [{"type":"function","function":{"name":"inspect","description":"Read part of a stored tool output. …",
              "parameters":{"type":"object","properties":{"blob_id":{"type":"string"},"selector":{"type":"string"}},"required":["blob_id"]}}}]""";

    static final String TOOLS_ANTHROPIC = """
            [{"name":"inspect","description":"Read part of a stored tool output. …",
              "input_schema":{"type":"object","properties":{"blob_id":{"type":"string"},"selector":{"type":"string"}},"required":["blob_id"]}}]""";

    static final String TOOLS_OPENAI_RESPONSES = """
            [{"type":"function","name":"inspect","description":"Read part of a stored tool output. …",
              "parameters":{"type":"object","properties":{"blob_id":{"type":"string"},"selector":{"type":"string"}},"required":["blob_id"]},
              "strict":false}]""";

    static final String CALLS_OPENAI = """
            {"role":"assistant","content":null,"refusal":null,"tool_calls":[
              {"id":"call_Dn2RJJSxzDm49vlVTehseJ0k","type":"function","function":{"name":"search","arguments":"{\\"q\\":\\"quarkus\\"}"}},
              {"id":"call_9pw1qnYScqvGrCH58HWCvFH6","type":"function","function":{"name":"nope","arguments":"{}"}}]}""";

    static final String ANSWER_OPENAI = """
            [{"role":"tool","tool_call_id":"call_Dn2RJJSxzDm49vlVTehseJ0k","content":"[blob:01a228dc-4f6c-773c-9454-f7a0c3bb0523] json_array | 400 entries\\n── schema ──\\n…"},
             {"role":"tool","tool_call_id":"call_9pw1qnYScqvGrCH58HWCvFH6","content":"unknown tool 'nope'; known tools: inspect, search"}]""";

    static final String CALLS_OPENAI_RESPONSES = """
            {"id":"resp_67ccd2bed1ec8190b14f964abc0542670bb6a6b452d3795b","object":"response","status":"completed","output":[
              {"id":"rs_6820f383d7c08191846711c5df8233bc0ac5ba57aafcbac7","type":"reasoning","summary":[]},
              {"type":"function_call","id":"fc_67ca09c6bedc8190a7abfec07b1a1332096610f474011cc0","call_id":"call_unLAR8MvFNptuiZK6K6HCy5k",
               "name":"search","arguments":"{\\"q\\":\\"quarkus\\"}","status":"completed"}]}""";

    static final String ANSWER_OPENAI_RESPONSES = """
            [{"type":"function_call_output","call_id":"call_unLAR8MvFNptuiZK6K6HCy5k",
              "output":"[blob:01a228dc-4f6c-773c-9454-f7a0c3bb0523] json_array | 400 entries\\n── schema ──\\n…"}]""";

    static final String CALLS_ANTHROPIC = """
            {"id":"msg_01Aq9w938a90dw8q","type":"message","role":"assistant","content":[
              {"type":"text","text":"I'll search for that."},
              {"type":"tool_use","id":"toolu_01A09q90qw90lq917835lq9","name":"search","input":{"q":"quarkus"}}],
             "stop_reason":"tool_use","stop_sequence":null}""";

    static final String ANSWER_ANTHROPIC = """
            {"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_01A09q90qw90lq917835lq9",
              "content":"[blob:01a228dc-4f6c-773c-9454-f7a0c3bb0523] json_array | 400 entries\\n── schema ──\\n…","is_error":false}]}""";
}
