// Proof that the checks of typecheck.sh can fail: each line below must be a type error, or tsc fails on the
// unused @ts-expect-error. If an SDK upgrade loosened these types, the check would pass anything; this says so.
import type { Shapes } from "./shapes";

// @ts-expect-error a tool message names the call it answers
export const noCallId: Shapes["openai.answer"] = [{ role: "tool", content: "x" }];
// @ts-expect-error the role of a tool message is "tool"
export const wrongRole: Shapes["openai.answer"] = [{ role: "function", tool_call_id: "c", content: "x" }];
// @ts-expect-error a function call output is typed as such
export const wrongType: Shapes["openai-responses.answer"] = [{ type: "function_call", call_id: "c", output: "x" }];
// @ts-expect-error a tool result block is typed as such and names the tool use
export const wrongBlock: Shapes["anthropic.answer"] = { role: "user", content: [{ type: "tool_results", tool_use_id: "t", content: "x" }] };
// @ts-expect-error a field the type does not have
export const extraField: Shapes["anthropic.answer"] = { role: "user", content: [{ type: "tool_result", tool_use_id: "t", content: "x", facts: {} }] };
