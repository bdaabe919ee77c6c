export { ASK_USER_LIMITS } from '@agent/tool-contract';

/** `ask_user` calls allowed per prompt where a person answers, unless `--max-ask-user` says otherwise. */
export const DEFAULT_MAX_ASK_USER = 3;
