import { ASK_USER_GUIDANCE } from './guidance';

describe('the guidance text', () => {
  it('says when to ask, how, and never to imitate the tool in text', () => {
    expect(ASK_USER_GUIDANCE).toMatch(/`ask_user` tool/);
    expect(ASK_USER_GUIDANCE).toMatch(/genuinely theirs and changes the outcome/);
    expect(ASK_USER_GUIDANCE).toMatch(/library or service/);
    expect(ASK_USER_GUIDANCE).toMatch(/API/);
    expect(ASK_USER_GUIDANCE).toMatch(/destructive/);
    expect(ASK_USER_GUIDANCE).toMatch(
      /Do not use it for anything you can find out yourself by reading the code/,
    );
    expect(ASK_USER_GUIDANCE).toMatch(/related questions in one call/);
    expect(ASK_USER_GUIDANCE).toMatch(/option you recommend FIRST/);
    expect(ASK_USER_GUIDANCE).toMatch(/do not ask the same thing again in this turn/);
    expect(ASK_USER_GUIDANCE).toMatch(
      /never write a questionnaire, a list of options or "please choose" as plain text/,
    );
  });
});
