export * from './decision-file';
export * from './decision-book';
export * from './decisions-prompt';
export { decidedAnswers } from './deciding-person';
