export * from './tool-constructors';
export * from './build-registry';
export * from './activity-summary';
export * from './task-tool';
export * from './profiles/profile';
export * from './profiles/builtin-profiles';
export * from './profiles/parse-profile';
export * from './profiles/load-profiles';
