export * from '@agent/tool-contract';
export * from './missing-package';
export * from './permission-rules';
export * from './permission-explain';
export * from './plan-choices';
export * from './workspace';
export * from './web';
