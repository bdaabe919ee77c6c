import { QuestionnaireModel } from '@agent/askuser';
import { lineText } from '../text/line';
import { renderQuestionnaireCard } from './questionnaire-card';

describe('the recommended mark (issue 13, item 10)', () => {
  it('is not added again to an option that already says it', () => {
    const model = new QuestionnaireModel({
      questions: [{ question: 'Which?', options: ['PostgreSQL (Recommended)', 'SQLite'] }],
    });
    const rows = renderQuestionnaireCard(model, 60).map(lineText).join('\n');
    expect(rows).toContain('❯ 1. PostgreSQL (Recommended) ');
    expect(rows.match(/recommended/gi)).toHaveLength(1);
  });
});
