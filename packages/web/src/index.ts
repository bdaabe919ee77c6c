export { startWebServer, WEB_PAGE, type WebServer, type WebServerOptions } from './web-server';
export { isLoopback } from './host-check';
