import { describe, expect, inject, it } from 'vitest';
import { testApi } from '../testing';
import { MoveSchema } from './moves';
import { RuleOptionsSchema } from './rules';

describe('an invalid choice names the allowed values', () => {
  it.each([
    ['set', 7, 'must be one of 6, 9, 12, 15, not 7'],
    ['spokes', 5, 'must be one of 4, 6, not 5'],
    ['doubleBlank', 10, 'must be one of 0, 25, 50, not 10'],
    ['drawnTile', 'maybe', 'must be one of may-play, must-play, not "maybe"'],
    ['opening', 'highest', 'must be one of draw, next-highest, not "highest"'],
    ['chickenlittle', 'on', 'must be one of callout, auto, off, not "on"'],
  ])('rules.%s', (option, value, message) => {
    const issues = RuleOptionsSchema.safeParse({ [option]: value }).error?.issues;
    expect(issues?.map((i) => [i.path.join('.'), i.message])).toEqual([[option, message]]);
  });

  it('a move of no known type', () => {
    const issues = MoveSchema.safeParse({ type: 'jump' }).error?.issues;
    expect(issues?.map((i) => i.message)).toEqual(['must be one of play, draw, pass, announce, callout, not "jump"']);
  });

  it('the API says it in the problem', async () => {
    const { api } = await testApi(inject('dynamoEndpoint'));
    const ann = await api.register('Ann');
    const res = await api.createGame(ann.token, { seats: 2, rules: { set: 7 } });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('body.rules.set: must be one of 6, 9, 12, 15, not 7');
    expect(res.body.issues).toEqual([{ path: 'body.rules.set', message: 'must be one of 6, 9, 12, 15, not 7' }]);
  });
});
