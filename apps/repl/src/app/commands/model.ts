import type { CommandDeps, SlashCommand } from './slash-command';

// Required when run: the / menu lists this command before the agent's modules load.
/* eslint-disable @typescript-eslint/no-require-imports */
const flags = () => require('@agent/runtime/flags') as typeof import('@agent/runtime/flags');
const picker = () => require('../model-picker') as typeof import('../model-picker');

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
      if (problem) return app.error(flags().inFlagTerms(problem));
      return warnIfUnlisted(deps, name, signal);
    };
    if (args === '') return picker().pickModel(deps, signal, switchTo);
    return switchTo(args);
  },
};
