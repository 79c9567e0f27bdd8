/**
 * The phrases of the lexicon and what each means, from every source in rank order of trust: our knowledge lists,
 * the keyword rules, the gambling register, councils and the brand table (lexicon.ts builds the trie from them).
 */
import { first } from '../../lib/indexing.ts';
import brands from './reference/brands.json' with { type: 'json' };
import councils from './reference/councils.json' with { type: 'json' };
import gambling from './reference/gambling-operators.json' with { type: 'json' };
import { knowledgeLists } from './reference/knowledge.ts';
import { isPersonName } from './reference/person-names.ts';
import { PAYMENT, keywordRules } from './keyword-rules.ts';
import { KIND, RANK, makeEntry } from './lexicon-entry.ts';
import type { Entry } from './lexicon-entry.ts';
import { isKeptToken } from './normalize-description.ts';
import { nameTokens } from './normalize-name.ts';
import { targetOf } from './rule-targets.ts';

type Add = (tokens: readonly string[], entry: Entry) => void;

/**
 * Tokens of a reference name as statement text would produce them. Numbers that normalisation drops are dropped
 * here too ("LOANS 2 GO" reads LOANS GO on a statement) as long as two words remain; a name that would keep
 * fewer is not matched by that spelling ("123 REG": only 123REG).
 */
function phraseTokens(name: string): string[] | null {
  const tokens = nameTokens(name);
  if (tokens.every(isKeptToken)) return tokens;
  const kept = tokens.filter(isKeptToken);
  return kept.length >= 2 ? kept : null;
}

function addKnowledge(add: Add): void {
  for (const list of knowledgeLists) {
    for (const payee of list.payees) {
      const target = targetOf(payee.target);
      const value = makeEntry(target, KIND.merchant, RANK.knowledge, { merchant: payee.name, weak: payee.weak });
      const surname = makeEntry(target, KIND.merchant, RANK.knowledge, {
        merchant: payee.name,
        weak: payee.weak,
        personLike: true,
      });
      for (const name of payee.phrases) {
        const tokens = phraseTokens(name);
        if (tokens) add(tokens, tokens.length === 1 && isPersonName(first(tokens)) ? surname : value);
      }
    }
  }
}

function addKeywords(add: Add): void {
  for (const rule of keywordRules) {
    let notOn = 0;
    for (const kind of rule.notOn ?? []) notOn |= PAYMENT[kind];
    const value = makeEntry(targetOf(rule.target), rule.strong ? KIND.strong : KIND.keyword, RANK.keyword, {
      ownTransfer: rule.ownTransfer ?? false,
      priority: rule.priority ?? 0,
      notOn,
      fee: rule.fee ?? false,
    });
    for (const phrase of rule.phrases) {
      const tokens = phraseTokens(phrase);
      if (tokens) add(tokens, value);
    }
  }
}

function addRegisters(add: Add): void {
  const gamblingTarget = targetOf('gambling');
  for (const [name, display] of gambling.entries as [string, string][]) {
    const tokens = name.split(' ');
    add(
      tokens,
      makeEntry(gamblingTarget, KIND.merchant, RANK.gambling, { merchant: display, personLike: tokens.length === 1 }),
    );
  }

  const councilTarget = targetOf('council');
  for (const [display, full, bare] of councils.councils as [string, string[], string[]][]) {
    const value = makeEntry(councilTarget, KIND.merchant, RANK.council, { merchant: display });
    for (const name of full) add(name.split(' '), value);
    const bareValue = makeEntry(councilTarget, KIND.merchant, RANK.council, {
      merchant: display,
      needsCouncilWord: true,
    });
    for (const name of bare) add(name.split(' '), bareValue);
  }

  for (const [name, display, key] of brands.entries as [string, string, string][]) {
    const tokens = name.split(' ');
    const oneWord = tokens.length === 1;
    add(
      tokens,
      makeEntry(targetOf(key), KIND.merchant, RANK.brand, {
        merchant: display,
        personLike: oneWord,
        tentative: oneWord,
      }),
    );
  }
}

/** Adds every phrase of every source. */
export function addSourcePhrases(add: Add): void {
  addKnowledge(add);
  addKeywords(add);
  addRegisters(add);
}
