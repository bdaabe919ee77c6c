import type { CommandDeps } from './command-runner';
import { openPicker } from './open-picker';
import { PickList } from './pick-list';

/**
 * `/model` alone: a picker of the models the provider lists, the current one marked; Enter
 * switches to the selected one (as `/model NAME` does). Providers that list no models say so.
 */
export async function pickModel(
  deps: CommandDeps,
  signal: AbortSignal,
  switchTo: (name: string) => Promise<void>,
): Promise<void> {
  const { app, session } = deps;
  const { id, model } = session.provider;
  if (!session.provider.listModels) {
    return app.info(`Model: ${id} / ${model}\n${id} offers no model list; /model NAME switches.`);
  }
  let models: string[];
  try {
    models = await session.provider.listModels(signal);
  } catch (error) {
    if (signal.aborted) return;
    return app.error(
      `Model: ${id} / ${model}\nCould not list ${id}'s models: ${(error as Error).message}`,
    );
  }
  const names = models.includes(model) ? models : [model, ...models];
  const picker = new PickList(
    `Models of ${id} · ↑↓ select · Enter switches · Esc closes`,
    names.map((name) => ({ value: name, label: name, current: name === model })),
  );
  const picked = await openPicker(app, picker, 'Enter switches · Esc closes', signal);
  if (picked !== undefined && picked !== session.provider.model) await switchTo(picked);
}
