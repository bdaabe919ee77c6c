import { callApprovalWords, type CallApproval } from './call-approval';

const FRONT_ENDS = ['the terminal', 'the web page', 'the editor'];
const onThePage: CallApproval = { allowed: true, by: 'person', choice: 'once', on: 'the web page' };

describe("callApprovalWords: one wording of a call's approval for every front end", () => {
  it('says where a questionnaire or plan was answered, unless it was here', () => {
    const call = { name: 'ask_user', answeredOn: 'the web page' };
    expect(FRONT_ENDS.map((here) => callApprovalWords(call, here))).toEqual([
      'Answered on the web page',
      undefined,
      'Answered on the web page',
    ]);
  });

  it("answered here, says the approval's words, as for any call", () => {
    const call = { name: 'write_file', approval: onThePage, answeredOn: 'the web page' };
    expect(callApprovalWords(call, 'the web page')).toBe('Allowed');
    expect(callApprovalWords({ ...call, answeredOn: 'the editor' }, 'the editor')).toBe(
      'Allowed on the web page',
    );
  });

  it("without answeredOn, is the approval's words", () => {
    const call = { name: 'write_file', approval: onThePage };
    expect(FRONT_ENDS.map((here) => callApprovalWords(call, here))).toEqual([
      'Allowed on the web page',
      'Allowed',
      'Allowed on the web page',
    ]);
    expect(callApprovalWords({ name: 'write_file' }, 'the terminal')).toBeUndefined();
  });
});
