export * from './tool';
export * from './permission';
export * from './ask-user-requester';
export * from './questionnaire-answers';
export * from './tool-spec';
export * from './registry';
export * from './validate';
export * from './workspace';
export { lazy } from './lazy';
