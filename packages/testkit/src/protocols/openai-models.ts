import { FAKE_MODELS } from '../fake-server';

/** OpenAI's model listing (`GET /v1/models`), shared by both OpenAI wire protocols. */
export function openAIModelsBody(path: string): string | undefined {
  if (path.split('?')[0] !== '/v1/models') return undefined;
  return JSON.stringify({
    object: 'list',
    data: FAKE_MODELS.map((id) => ({ id, object: 'model', created: 0, owned_by: 'fake' })),
  });
}
