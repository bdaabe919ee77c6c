export * from './provider-error';
export * from './guard-stream';
export * from './event-queue';
export * from './tool-call-assembler';
export * from './wire-call-id';
export * from './stream-reader';
export * from './guard-reader';
export * from './turn-end';
