// The official SDK types each JSON file of provider shapes must satisfy, by file name (without .json).
// typecheck.sh writes one .ts file per JSON file that assigns its content, as a literal, to Shapes[name]:
// a missing field, a wrong literal ("role": "toolx") or a field the type does not have fails tsc.
import type { ChatCompletion, ChatCompletionTool, ChatCompletionToolMessageParam } from "openai/resources/chat/completions";
import type { FunctionTool, Response, ResponseInputItem } from "openai/resources/responses/responses";
import type { Message, MessageParam, Tool } from "@anthropic-ai/sdk/resources/messages";

export type Shapes = {
  // what Toolspill answered (written by ProviderFormatsTest to target/provider-shapes/)
  "openai.answer": ChatCompletionToolMessageParam[];
  "openai-responses.answer": ResponseInputItem.FunctionCallOutput[];
  "anthropic.answer": MessageParam;
  "openai.tools": ChatCompletionTool[];
  "openai-responses.tools": FunctionTool[];
  "anthropic.tools": Tool[];
  // what the tests send (src/test/resources/provider-shapes/): the providers' own response shapes
  "openai.chat-completion": ChatCompletion;
  // output_text is a convenience the SDK adds after parsing; the wire object does not carry it
  "openai-responses.response": Omit<Response, "output_text">;
  "anthropic.message": Message;
};
