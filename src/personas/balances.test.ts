import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { londonDay, monthOfDay } from './calendar.ts';
import { AS_OF_SUMMER, PERSONA_NAMES, byAccount, pence, persona } from '../../test/helpers/persona-support.ts';

describe('personas › balances', () => {
  for (const name of PERSONA_NAMES) {
    test(`${name} › every running balance is the opening balance plus the transactions so far`, () => {
      for (const p of [persona(name), persona(name, 11, 5, AS_OF_SUMMER)]) {
        const lists = byAccount(p);
        for (const acct of p.accounts) {
          let bal = pence(acct.opening_balance);
          let last = -Infinity;
          for (const t of lists.get(acct.number) ?? []) {
            assert.ok(t.booking_date_time >= last, 'oldest first');
            last = t.booking_date_time;
            bal += pence(t.amount);
            assert.equal(pence(t.balance.amount), bal, `${acct.key} ${t.name}`);
            assert.equal(t.balance.currency, 'GBP');
            assert.equal(t.balance.type, t.status === 'Booked' ? 'InterimBooked' : 'InterimAvailable');
          }
        }
      }
    });
  }

  test('amounts and balances have at most two decimals and no zero amounts', () => {
    for (const name of PERSONA_NAMES) {
      for (const t of persona(name).transactions) {
        assert.equal(Math.round(t.amount * 100) / 100, t.amount, t.name);
        assert.equal(Math.round(t.balance.amount * 100) / 100, t.balance.amount, t.name);
        assert.notEqual(t.amount, 0, t.name);
      }
    }
  });
});

describe('personas › statements', () => {
  for (const name of PERSONA_NAMES) {
    test(`${name} › statements agree with the transactions and chain month to month`, () => {
      const p = persona(name);
      const lists = byAccount(p);
      for (const acct of p.accounts) {
        const stmts = p.statements.filter((s) => s.AccountId === acct.id);
        assert.ok(stmts.length >= (name === 'thin-file' ? 1 : 22), `${acct.key}: ${stmts.length} statements`);
        const txns = lists.get(acct.number) ?? [];
        let previous: number | null = null;
        for (const s of stmts) {
          const amount = (type: string): number => {
            const a = s.StatementAmounts.find((x) => x.Type === type);
            assert.ok(a, type);
            return (a.CreditDebitIndicator === 'Debit' ? -1 : 1) * pence(Number(a.Amount));
          };
          const start = Date.parse(s.StartDateTime) / 1000;
          const end = Date.parse(s.EndDateTime) / 1000;
          assert.ok(start >= p.from && Date.parse(s.CreationDateTime) / 1000 <= p.asOf);
          const inMonth = txns.filter((t) => t.booking_date_time >= start && t.booking_date_time <= end);
          const credits = inMonth.filter((t) => t.amount > 0).reduce((a, t) => a + pence(t.amount), 0);
          const debits = inMonth.filter((t) => t.amount < 0).reduce((a, t) => a - pence(t.amount), 0);
          assert.equal(amount('UK.OBIE.TotalCredits'), credits);
          assert.equal(-amount('UK.OBIE.TotalDebits'), debits);
          const opening = amount('UK.OBIE.PreviousClosingBalance');
          const closing = amount('UK.OBIE.ClosingBalance');
          assert.equal(opening + credits - debits, closing, `${acct.key} ${s.StatementReference}`);
          const lastInMonth = inMonth.at(-1);
          if (lastInMonth) assert.equal(pence(lastInMonth.balance.amount), closing);
          if (previous !== null) assert.equal(opening, previous, 'chains');
          previous = closing;
          assert.ok(
            inMonth.every((t) => t.status === 'Booked'),
            'statements hold booked transactions only',
          );
        }
      }
    });
  }

  test('statements are monthly in Europe/London, in the spec shape', () => {
    const p = persona('salaried-monthly', 7, 2, AS_OF_SUMMER);
    const s = p.statements.find((x) => x.StatementReference === '202505');
    assert.ok(s);
    assert.equal(s.StartDateTime, '2025-05-01T00:00:00+01:00');
    assert.equal(s.EndDateTime, '2025-05-31T23:59:59+01:00');
    assert.equal(s.CreationDateTime, '2025-06-04T06:00:00+01:00');
    assert.equal(s.Type, 'RegularPeriodic');
    assert.ok(s.StatementId && s.StatementDescription[0]?.includes('May 2025'));
    const winter = p.statements.find((x) => x.StatementReference === '202412');
    assert.equal(winter?.StartDateTime, '2024-12-01T00:00:00+00:00');
    // June's statement is produced on 4 July, after asOf (3 July): May is the last one.
    const [account] = p.accounts;
    assert.ok(account);
    const last = p.statements.filter((x) => x.AccountId === account.id).at(-1);
    assert.equal(last?.StatementReference, '202505');
    const ids = p.statements.map((x) => x.StatementId);
    assert.equal(new Set(ids).size, ids.length);
  });

  test('the first part-month of a history gets no statement, except for an account opened in it', () => {
    const p = persona('pensioner');
    const first = monthOfDay(londonDay(p.from));
    const refs = p.statements.map(
      (s) => Number(s.StatementReference.slice(0, 4)) * 12 + Number(s.StatementReference.slice(4)) - 1,
    );
    assert.ok(refs.every((m) => m > first));
    const thin = persona('thin-file');
    const [opened] = thin.statements;
    assert.ok(opened);
    assert.equal(Date.parse(opened.StartDateTime) / 1000, thin.from);
  });

  test('fees and interest appear in the statement of the month they were charged', () => {
    const p = persona('overdrawn');
    assert.ok(p.statements.some((s) => (s.StatementFee ?? []).length > 0));
    const saver = persona('salaried-monthly');
    assert.ok(saver.statements.some((s) => (s.StatementInterest ?? []).length > 0));
  });
});
