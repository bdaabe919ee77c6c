import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  isProbeableBaseUrl,
  probeContextWindow,
  windowFromLlamaProps,
  windowFromLmStudioModels,
  windowFromOllamaShow,
  windowFromVllmModels,
} from '../src';

describe('reading the context window from what local servers answer', () => {
  it('llama.cpp /props: default_generation_settings.n_ctx (newer builds) or n_ctx', () => {
    expect(
      windowFromLlamaProps({
        default_generation_settings: { n_ctx: 8192, params: { n_predict: -1 } },
        total_slots: 1,
        model_path: 'models/qwen2.5-coder-7b-q4_k_m.gguf',
      }),
    ).toBe(8192);
    expect(windowFromLlamaProps({ n_ctx: 4096, total_slots: 1 })).toBe(4096);
    expect(windowFromLlamaProps({ total_slots: 1 })).toBeUndefined();
  });

  it('vLLM /v1/models: max_model_len of the model', () => {
    const body = {
      object: 'list',
      data: [
        { id: 'Qwen/Qwen2.5-7B-Instruct', object: 'model', owned_by: 'vllm', max_model_len: 32768 },
        { id: 'other', object: 'model', owned_by: 'vllm', max_model_len: 4096 },
      ],
    };
    expect(windowFromVllmModels(body, 'Qwen/Qwen2.5-7B-Instruct')).toBe(32768);
    expect(windowFromVllmModels(body, 'missing')).toBeUndefined();
    // OpenAI's own listing has no window.
    expect(windowFromVllmModels({ data: [{ id: 'gpt-4.1', object: 'model' }] }, 'gpt-4.1')).toBe(
      undefined,
    );
  });

  it('LM Studio /api/v0/models: loaded_context_length wins over max_context_length', () => {
    const entry = {
      id: 'qwen2.5-7b-instruct',
      object: 'model',
      type: 'llm',
      state: 'loaded',
      max_context_length: 32768,
      loaded_context_length: 8192,
    };
    expect(windowFromLmStudioModels({ object: 'list', data: [entry] }, entry.id)).toBe(8192);
    const { loaded_context_length: _loaded, ...notLoaded } = entry;
    expect(
      windowFromLmStudioModels({ data: [{ ...notLoaded, state: 'not-loaded' }] }, entry.id),
    ).toBe(32768);
  });

  it("Ollama /api/show: num_ctx in parameters wins over model_info's context_length", () => {
    const show = {
      modelfile: '# Modelfile',
      parameters:
        'num_ctx                        16384\nstop                           "<|im_end|>"',
      details: { family: 'qwen2' },
      model_info: { 'general.architecture': 'qwen2', 'qwen2.context_length': 32768 },
    };
    expect(windowFromOllamaShow(show)).toBe(16384);
    expect(windowFromOllamaShow({ ...show, parameters: 'stop "<|im_end|>"' })).toBe(32768);
    expect(windowFromOllamaShow({ details: {} })).toBeUndefined();
  });

  it('asks only servers that are not the hosted APIs', () => {
    expect(isProbeableBaseUrl('http://127.0.0.1:8080/v1')).toBe(true);
    expect(isProbeableBaseUrl('http://gpu-box.lan:11434/v1')).toBe(true);
    expect(isProbeableBaseUrl('https://api.openai.com/v1')).toBe(false);
    expect(isProbeableBaseUrl('https://api.anthropic.com')).toBe(false);
    expect(isProbeableBaseUrl(undefined)).toBe(false);
    expect(isProbeableBaseUrl('not a url')).toBe(false);
  });

  describe('against a loopback server', () => {
    let server: http.Server;
    let url: string;
    let answer: (path: string, body: string) => [number, unknown] | 'hang';
    beforeEach(async () => {
      server = http.createServer((req, res) => {
        let body = '';
        req.on('data', (chunk) => (body += chunk));
        req.on('end', () => {
          const reply = answer(req.url ?? '/', body);
          if (reply === 'hang') return;
          res.writeHead(reply[0], { 'content-type': 'application/json' });
          res.end(JSON.stringify(reply[1]));
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterEach(async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    });

    it("finds Ollama's window after the other probes get 404s", async () => {
      answer = (path, body) =>
        path === '/api/show' && JSON.parse(body).model === 'qwen2.5-coder'
          ? [200, { parameters: 'num_ctx 8192', model_info: { 'general.architecture': 'qwen2' } }]
          : [404, { error: 'not found' }];
      await expect(
        probeContextWindow({ baseUrl: `${url}/v1`, model: 'qwen2.5-coder' }),
      ).resolves.toBe(8192);
    });

    it('gives up on a server that does not answer, within the timeout, and on an abort', async () => {
      answer = () => 'hang';
      await expect(
        probeContextWindow({ baseUrl: `${url}/v1`, model: 'm', timeoutMs: 50 }),
      ).resolves.toBeUndefined();
      const abort = new AbortController();
      const probe = probeContextWindow({ baseUrl: `${url}/v1`, model: 'm', signal: abort.signal });
      abort.abort();
      await expect(probe).resolves.toBeUndefined();
    });
  });
});
