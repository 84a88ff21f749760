// node --test scripts/check-money.test.mjs (a stage of scripts/test.mjs).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isMoneyName, moneyProblems } from './check-money.mjs';

/** The problems of one application file holding `code`. */
const check = (code) => moneyProblems([{ file: 'apps/server/src/probe.ts', text: code }]);

const probes = {
  'unary + of a body amount': ['const n = +body.amount;', 'unary + of body.amount'],
  'parseInt of a fee': ['const n = parseInt(fee, 10);', 'parseInt() of fee'],
  'Math.round of a price times 100': ['const cents = Math.round(price * 100);', 'Math.round() of price'],
  'JSON.parse of an amount': ['const n = JSON.parse(req.amount);', 'JSON.parse() of req.amount'],
  'an amount read from JSON.parse used as a number': [
    'const data = JSON.parse(raw);\nconst twice = data.amount * 2;',
    'arithmetic (*) on data.amount',
  ],
  'arithmetic on an amount': ['const twice = a.amount * 2;', 'arithmetic (*) on a.amount'],
  'Number of a variable initialised from an amount': [
    'const x = body.amount;\nconst n = Number(x);',
    'Number() of x (= body.amount)',
  ],
  'parseFloat of a balance through two variables': [
    'const b = user.balance;\nlet c = b;\nparseFloat(c);',
    'parseFloat() of c (= b (= user.balance))',
  ],
  'Number.parseFloat of an element read by a money key': [
    "Number.parseFloat(row['unrealizedPnl']);",
    'Number.parseFloat() of',
  ],
  'a money-named call result': ['const n = Number(getBalance(user));', 'Number() of getBalance(user)'],
  'Number of an amount with its separators removed': [
    "const n = Number(order.amount.replace(',', ''));",
    'Number() of order.amount',
  ],
  'Number of a Decimal turned back into text': [
    'const n = Number(new Decimal(a.amount).toFixed(2));',
    'Number() of a.amount',
  ],
  'subtracting margins': ['const free = equity - usedMargin;', 'arithmetic (-) on equity'],
  'adding to a total fee': ['totalFee += order.fee;', 'arithmetic (+=) on totalFee'],
  'Math.floor of a stake cast as a number': [
    'const x = Math.floor((stake as number) / 2);',
    'Math.floor() of',
  ],
};
for (const [name, [code, why]] of Object.entries(probes)) {
  test(`flags ${name}`, () => {
    const problems = check(code);
    assert.equal(problems.length > 0, true, `no problem for: ${code}`);
    assert.match(problems.join('\n'), new RegExp(why.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    assert.match(problems[0], /^apps\/server\/src\/probe\.ts:\d+: /);
  });
}

test('reports the line of the problem', () => {
  assert.match(
    check('const a = 1;\n\nconst n = +body.amount;')[0],
    /^apps\/server\/src\/probe\.ts:3: \+body\.amount/,
  );
});

test('allows numbers that are not money, Decimal arithmetic and text', () => {
  const allowed = [
    'const n = Number(page);',
    'const size = parseInt(query.limit, 10);',
    'const total = new Decimal(a.amount).plus(b.fee).times(2);',
    "const label = '余额：' + balance;",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the probe is TypeScript source text
    'const s = `${amount} USDT`;',
    'const digits = order.priceScale * 2;',
    'const n = Number(prices.length);',
    'const ids = amountIds.length + 1;',
    'const x = Number(counts.payouts);',
    'const feed = Number(feedback);',
    'const p = JSON.parse(raw);',
    'const width = chart.width * 2;',
  ];
  for (const code of allowed) assert.deepEqual(check(code), [], code);
});

test('a variable named like something else but holding an amount is followed; a shadowing one is not', () => {
  assert.equal(check('const v = order.amount;\nconst n = Number(v);').length, 1);
  assert.deepEqual(check('const v = order.amount;\nfunction f(v: string) { return Number(v); }'), []);
});

test('money-lint-ignore with a reason on the line or the line before lets one case through', () => {
  assert.deepEqual(check('const x = Math.round(price * 100); // money-lint-ignore: chart pixels'), []);
  assert.deepEqual(check('// money-lint-ignore: chart pixels\nconst x = Math.round(price * 100);'), []);
  // Without a reason, or two lines away, it does not.
  assert.equal(check('const x = +price; // money-lint-ignore').length, 1);
  assert.equal(check('// money-lint-ignore: chart pixels\n\nconst x = +price;').length, 1);
});

test('money-lint-ignore-file with a reason among the first lines exempts the file', () => {
  assert.deepEqual(
    check('// money-lint-ignore-file: simulated prices\nconst a = +price;\nconst b = fee * 2;'),
    [],
  );
  assert.equal(check('// money-lint-ignore-file:\nconst a = +price;').length, 1);
  assert.equal(
    check(`${'const a = 1;\n'.repeat(5)}// money-lint-ignore-file: too late\nconst b = +price;`).length,
    1,
  );
});

test('money names are found by word, not by substring', () => {
  assert.equal(isMoneyName('unrealizedPnl'), true);
  assert.equal(isMoneyName('FEE_RATE'), true);
  assert.equal(isMoneyName('feedback'), false);
  assert.equal(isMoneyName('amountScale'), false);
  assert.equal(isMoneyName('prices'), false);
});
