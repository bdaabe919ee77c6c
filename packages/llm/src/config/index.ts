export * from './agent-home';
export * from './config-file';
export * from './resolve-provider-config';
export * from './agent-settings';
export { PROVIDER_IDS, type ProviderId } from '../provider';
export * from './missing-credentials';
