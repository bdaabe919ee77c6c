import { spawn } from 'node:child_process';
import { editInEditor, editorCommand, type TerminalRunner } from './external-editor';

/** Runs the editor for real, without a terminal to hand over. */
const run: TerminalRunner = (command, file) =>
  new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', `${command} "$1"`, 'sh', file], { stdio: 'ignore' });
    child.once('error', reject);
    child.once('exit', (code) => resolve(code));
  });

describe('editInEditor', () => {
  it('prefers $VISUAL, then $EDITOR, and says to set one when neither is', async () => {
    expect(editorCommand({ VISUAL: 'vi', EDITOR: 'nano' })).toBe('vi');
    expect(editorCommand({ VISUAL: ' ', EDITOR: 'nano' })).toBe('nano');
    expect(await editInEditor('text', 'prompt', run, {})).toEqual({
      note: 'Set $VISUAL or $EDITOR to edit the prompt in an editor (Ctrl+G).',
    });
  });

  it('returns the saved text; an empty file keeps the old text with a note', async () => {
    expect(await editInEditor('one', 'prompt', run, { EDITOR: `printf 'two\\n' >>` })).toEqual({
      text: 'one\ntwo',
    });
    expect(await editInEditor('one', 'plan', run, { EDITOR: ': >' })).toEqual({
      note: 'The file was empty: the plan is unchanged.',
    });
  });
});
