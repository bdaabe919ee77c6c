// Preloaded into test servers (node --require): every server listens on 127.0.0.1 only, on the
// port asked for (0 picks a free one), and reports the port it got on stderr.
const net = require('node:net');

const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function (...args) {
  if (typeof args[0] === 'number' || (typeof args[0] === 'string' && /^\d+$/.test(args[0]))) {
    const callback = args.find((arg) => typeof arg === 'function');
    this.once('listening', () => {
      process.stderr.write(`LISTENING_PORT=${this.address().port}\n`);
    });
    return listen.call(this, Number(args[0]), '127.0.0.1', ...(callback ? [callback] : []));
  }
  return listen.apply(this, args);
};
