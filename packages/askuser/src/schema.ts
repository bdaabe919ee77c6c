// The questions schema lives in the tool contract, shared with a subagent's request_clarification.
export {
  askUserInputSchema,
  codePoints,
  hasVisibleCharacter,
  type AskUserInput,
} from '@agent/tool-contract';
