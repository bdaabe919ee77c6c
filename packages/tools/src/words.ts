export * from '@agent/tool-contract/words';
