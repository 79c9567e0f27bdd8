import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { DAY_SECONDS, londonDay, londonTime } from './calendar.ts';
import { generatePersona, listPersonas, toAccountWire, toEngineInput } from './index.ts';
import { AS_OF, PERSONA_NAMES, byAccount, persona } from '../../test/helpers/persona-support.ts';

const TYPES = new Set([
  'DirectDebit',
  'StandingOrder',
  'CardPayment',
  'FasterPayment',
  'BankGiroCredit',
  'Cash',
  'Transfer',
  'Charge',
  'Interest',
  null,
]);

describe('personas › catalogue', () => {
  test('lists at least the personas the brief asks for, each with a description and plants', () => {
    const list = listPersonas();
    for (const name of [
      'salaried-monthly',
      'weekly-paid',
      'fortnightly-paid',
      'pensioner',
      'benefits',
      'mortgage-holder',
      'gambler',
      'payday-borrower',
      'bnpl-shopper',
      'debt-collection',
      'overdrawn',
      'business-sole-trader',
      'business-limited',
      'thin-file',
      'new-employer',
      'loss-of-income',
    ]) {
      const s = list.find((p) => p.name === name);
      assert.ok(s, name);
      assert.ok(s.description.length > 40 && s.plants.length > 0);
    }
  });

  test('refuses an unknown persona and bad options', () => {
    assert.throws(() => generatePersona('nobody', { asOf: AS_OF }), RangeError);
    assert.throws(() => generatePersona('pensioner', { asOf: AS_OF, years: 6 }), RangeError);
    assert.throws(() => generatePersona('pensioner', { asOf: AS_OF, years: 0 }), RangeError);
    assert.throws(() => generatePersona('pensioner', { asOf: AS_OF, seed: -1 }), RangeError);
    assert.throws(() => generatePersona('pensioner', { asOf: 1.5 }), RangeError);
  });
});

describe('personas › transactions in the Submitted transaction shape', () => {
  for (const name of PERSONA_NAMES) {
    test(`${name} › fields, ids, statuses, time range`, () => {
      const p = persona(name);
      assert.equal(p.labels.length, p.transactions.length);
      const numbers = new Set(p.accounts.map((a) => a.number));
      for (const [number, txns] of byAccount(p)) {
        const ids = txns.map((t) => t.external_transaction_id);
        assert.equal(new Set(ids).size, ids.length, `ids unique in ${number}`);
      }
      for (const t of p.transactions) {
        assert.ok(numbers.has(t.account_number));
        assert.ok(typeof t.name === 'string' && t.name.length > 0 && t.name === t.name.trim(), t.name);
        assert.ok(TYPES.has(t.type), String(t.type));
        assert.equal(t.currency, 'GBP');
        assert.ok(t.booking_date_time >= p.from && t.booking_date_time <= p.asOf);
        assert.ok(Number.isInteger(t.booking_date_time) && Number.isInteger(t.value_date_time));
        assert.ok(t.value_date_time <= t.booking_date_time);
        assert.ok(t.bank_slug.length > 0);
        if (t.status === 'Pending') {
          assert.equal(t.type, 'CardPayment');
          assert.ok(t.booking_date_time > p.asOf - 2 * DAY_SECONDS);
        }
        if (t.proprietary_bank_transaction_code) assert.ok(t.proprietary_bank_transaction_code.code);
      }
      const types = new Set(p.transactions.map((t) => t.type));
      assert.ok(types.size >= (name === 'thin-file' ? 3 : 4), [...types].join());
    });
  }

  test('histories start `years` before asOf (London days) and end at asOf', () => {
    for (const years of [1, 2, 5]) {
      const p = persona('salaried-monthly', 7, years);
      assert.equal(p.from, londonTime(londonDay(AS_OF) - Math.round(years * 365.25) + 1, 0));
      const [oldest] = p.transactions;
      const newest = p.transactions.at(-1);
      assert.ok(oldest && newest);
      assert.ok(oldest.booking_date_time < p.from + 5 * DAY_SECONDS);
      assert.ok(newest.booking_date_time > AS_OF - 3 * DAY_SECONDS);
    }
  });

  test('a few of the most recent card payments are Pending, the rest Booked', () => {
    const pending = PERSONA_NAMES.flatMap((n) => persona(n).transactions.filter((t) => t.status === 'Pending'));
    assert.ok(pending.length > 3);
    for (const n of PERSONA_NAMES)
      assert.ok(persona(n).transactions.filter((t) => t.status === 'Pending').length <= 20, n);
  });

  test('the thin file has under three months of history from a new account', () => {
    const p = persona('thin-file', 7, 5);
    assert.ok(p.asOf - p.from < 90 * DAY_SECONDS);
    const [oldest] = p.transactions;
    const [account] = p.accounts;
    assert.ok(oldest && account);
    assert.ok(oldest.booking_date_time - p.from < DAY_SECONDS);
    assert.equal(account.opening_balance, 0);
    assert.ok(p.truth.salary && p.truth.salary.count <= 3);
  });

  test('statement texts vary by bank: cut to 18 characters at Halifax, mixed case at Nationwide, ")))" at HSBC', () => {
    assert.ok(persona('benefits').transactions.every((t) => t.name.length <= 18));
    assert.ok(persona('salaried-monthly').transactions.some((t) => t.name.startsWith(')))')));
    assert.ok(persona('pensioner').transactions.some((t) => /^Direct debit /.test(t.name)));
    assert.ok(
      persona('mortgage-holder').transactions.some((t) =>
        /^CARD PAYMENT TO .*,\d+\.\d\d GBP, RATE 1\.00\/GBP ON \d\d-\d\d-\d{4}$/.test(t.name),
      ),
    );
    assert.ok(persona('payday-borrower').transactions.some((t) => /^BGC SILVERLINE RETAIL SALARY$/.test(t.name)));
    assert.ok(persona('gambler').transactions.some((t) => t.category === 'groceries'));
  });

  test('a bank slug override serves every account from that bank', () => {
    const p = generatePersona('salaried-monthly', { asOf: AS_OF, seed: 7, years: 1, bankSlug: 'sandbox' });
    assert.ok(p.accounts.every((a) => a.bank_slug === 'sandbox'));
    assert.ok(p.transactions.every((t) => t.bank_slug === 'sandbox'));
  });
});

describe('personas › accounts and parties', () => {
  for (const name of PERSONA_NAMES) {
    test(`${name} › account identifiers and parties`, () => {
      const p = persona(name);
      for (const a of p.accounts) {
        assert.match(a.sort_code, /^\d{6}$/);
        assert.match(a.account_number, /^\d{8}$/);
        assert.equal(a.number, a.sort_code + a.account_number);
        assert.ok(a.id && a.name && a.nickname);
        assert.ok(['CurrentAccount', 'Savings'].includes(a.sub_type));
        const parties = p.parties.filter((x) => x.AccountId === a.id);
        assert.ok(parties.length >= 1);
        for (const party of parties) {
          assert.equal(party.AccountRole, 'UK.OBIE.Principal');
          assert.match(party.EmailAddress, /@example\.com$/);
          assert.match(party.Mobile, /^\+447700900\d{3}$/);
          const [addr] = party.Address;
          assert.ok(addr);
          assert.equal(addr.Country, 'GB');
          assert.match(addr.PostCode, /^[A-Z]{1,2}\d{1,2} \d[A-Z]{2}$/);
          assert.ok(
            addr.AddressLine.length >= 1 &&
              addr.StreetName &&
              addr.BuildingNumber &&
              addr.TownName &&
              addr.CountrySubDivision,
          );
        }
      }
    });
  }

  test('a joint account has two Joint parties; a company has one party with its legal structure', () => {
    const joint = persona('mortgage-holder');
    const [jointAccount] = joint.accounts;
    assert.ok(jointAccount);
    const current = joint.parties.filter((x) => x.AccountId === jointAccount.id);
    assert.equal(current.length, 2);
    assert.ok(current.every((x) => x.PartyType === 'Joint'));
    assert.match(jointAccount.name, / & /);
    const ltd = persona('business-limited');
    const [company] = ltd.accounts;
    assert.ok(company);
    assert.equal(ltd.parties.find((x) => x.AccountId === company.id)?.LegalStructure, 'UK.OBIE.PrivateLimitedCompany');
    assert.equal(persona('pensioner').parties[0]?.PartyType, 'Sole');
  });

  test('maps to the spec Account shape and to the analytics engine input', () => {
    const p = persona('salaried-monthly');
    const [account] = p.accounts;
    assert.ok(account);
    const wire = toAccountWire(account);
    assert.equal(wire.sort_code_and_account_number.sort_code, account.sort_code);
    assert.equal(wire.number, account.number);
    const engine = toEngineInput(p);
    assert.equal(engine.transactions.length, p.transactions.length);
    assert.equal(new Set(engine.transactions.map((t) => t.id)).size, engine.transactions.length);
    const card = engine.transactions.find((t) => t.type === 'CardPayment');
    assert.ok(card?.mcc && card.merchantName && card.balance !== null);
  });
});
