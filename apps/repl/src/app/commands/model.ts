import { inFlagTerms } from '@agent/runtime/flags';
import { pickModel } from '../model-picker';
import type { CommandDeps, SlashCommand } from './slash-command';

/**
 * After `/model NAME`: says so when the provider lists its models and NAME is not one of them
 * (a typo, or a deployment name or new model, which still works). Silent when it cannot tell.
 */
async function warnIfUnlisted(deps: CommandDeps, name: string, signal: AbortSignal) {
  const { app, session } = deps;
  const models = await session.provider.listModels?.(signal).catch(() => undefined);
  if (!models || models.includes(name)) return;
  app.info(
    `${name} is not among the models ${session.provider.id} lists (/model shows them); ` +
      'kept, as deployment names and new models may be missing from the list.',
  );
}

export const model: SlashCommand = {
  name: '/model',
  usage: '/model [name]',
  description: "pick one of the provider's models, or switch to NAME",
  takesArgument: true,
  availability: 'idle',
  run(args, deps, signal) {
    const { app, session } = deps;
    const switchTo = async (name: string): Promise<void> => {
      session.setModel(name);
      app.info(`Model: ${session.provider.id} / ${session.provider.model}`);
      const problem = session.credentialProblem();
      if (problem) return app.error(inFlagTerms(problem));
      return warnIfUnlisted(deps, name, signal);
    };
    if (args === '') return pickModel(deps, signal, switchTo);
    return switchTo(args);
  },
};
