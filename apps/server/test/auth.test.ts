import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManualClock } from '../src/clock.js';
import { startTestServer, type TestServer } from './helpers.js';

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer();
});
afterAll(() => ts.close());

describe('accounts and sessions', () => {
  it('registers, signs in with an HttpOnly session cookie, answers me, and logs out', async () => {
    const c = ts.client();
    // The session call answers a guest too, with no one.
    const guest = await c.get('/apiw/v2/auth/session');
    expect(guest.status).toBe(200);
    expect(guest.body).toMatchObject({ code: 0, data: null });
    const reg = await c.post('/apiw/v2/auth/register', { email: 'Alice@Example.com', password: 'correct horse' });
    expect(reg.status).toBe(200);
    expect(reg.body).toMatchObject({ code: 0, data: null });
    const signedIn = await c.post('/apiw/v2/auth/login', { email: 'alice@example.com', password: 'correct horse' });
    expect(signedIn.body.data).toMatchObject({
      email: 'alice@example.com',
      tier: 0,
      is_vip: false,
      mode: 'classic',
      has_fundpass: false,
    });
    const setCookie = signedIn.headers.getSetCookie().find((l) => l.startsWith('sid='));
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);

    const me = await c.get('/apiw/v2/auth/me');
    expect(me.body.data).toMatchObject({
      uid: signedIn.body.data.uid,
      email: 'alice@example.com',
      region: 'SG',
      kyc_level: 1,
      is_new_user: true,
      verified: true,
      mode: 'classic',
    });
    expect((await c.get('/apiw/v2/auth/session')).body.data).toEqual(me.body.data);

    const out = await c.post('/apiw/v2/auth/logout');
    expect(out.body.code).toBe(0);
    const after = await c.get('/apiw/v2/auth/me');
    expect(after.status).toBe(401);
    expect(after.body.code).toBe(401);
    expect((await c.get('/apiw/v2/auth/session')).body).toMatchObject({ code: 0, data: null });
  });

  it('answers a registration of a taken email exactly as a new one, and the stranger gets no way in', async () => {
    const first = await ts
      .client()
      .post('/apiw/v2/auth/register', { email: 'bob@example.com', password: 'tidy-lemon-42' });
    const stranger = ts.client();
    const again = await stranger.post('/apiw/v2/auth/register', { email: 'BOB@example.com', password: 'other-pass-1' });
    expect(again.status).toBe(first.status);
    expect(again.body).toEqual(first.body);
    expect(again.headers.getSetCookie().some((c) => c.startsWith('sid='))).toBe(false);
    expect(
      (await stranger.post('/apiw/v2/auth/login', { email: 'bob@example.com', password: 'other-pass-1' })).status,
    ).toBe(400);
    // The owner's account and password are untouched.
    expect(
      (await ts.client().post('/apiw/v2/auth/login', { email: 'bob@example.com', password: 'tidy-lemon-42' })).status,
    ).toBe(200);
  });

  it('throttles registrations per address: 5 an hour, then a pause for that address only', async () => {
    const own = await startTestServer({ trustedProxies: ['127.0.0.1'], registrationsPerHour: 5 });
    const signUp = (email: string, ip: string) =>
      own.client().post('/apiw/v2/auth/register', { email, password: 'tidy-lemon-42' }, { 'x-forwarded-for': ip });
    // Taken emails count too: probing which emails exist costs what opening accounts costs.
    for (const email of ['a@example.com', 'b@example.com', 'c@example.com', 'a@example.com', 'd@example.com'])
      expect((await signUp(email, '203.0.113.9')).status).toBe(200);
    const paused = await signUp('e@example.com', '203.0.113.9');
    expect(paused.status).toBe(429);
    expect(paused.body.message).toBe('Too many accounts opened from your network; try again in 60 minutes');
    expect(
      (await own.client().post('/apiw/v2/auth/login', { email: 'e@example.com', password: 'tidy-lemon-42' })).status,
    ).toBe(400);
    expect((await signUp('e@example.com', '198.51.100.4')).status).toBe(200);
    await own.close();
  });

  it('refuses a password that is easy to guess, the same for any email, opening nothing and costing no try', async () => {
    const own = await startTestServer({ trustedProxies: ['127.0.0.1'], registrationsPerHour: 4 });
    const signUp = (email: string, password: string) =>
      own.client().post('/apiw/v2/auth/register', { email, password }, { 'x-forwarded-for': '203.0.113.77' });
    await own.client().post('/apiw/v2/auth/register', { email: 'taken@example.com', password: 'tidy-lemon-42' });
    // Common passwords and their variants, repeats, sequences, keyboard walks, the address itself.
    const guessable = [
      ['new@example.com', 'password'],
      ['new@example.com', '12345678'],
      ['new@example.com', 'aaaaaaaa'],
      ['new@example.com', 'password123'],
      ['new@example.com', 'qwertyuiop'],
      ['taken@example.com', 'password123'],
      ['frankie@example.com', 'frankie@example.com'],
      ['frankie@example.com', 'frankie12345'],
      // Words and names with digits and symbols, the trade's words, the email's parts, pinyin.
      ['alice.wong@example.com', 'AliceWong1!'],
      ['john.smith@gmail.com', 'gmail.com123'],
      ['new@example.com', 'Demo1234!'],
      ['new@example.com', 'bitcoin123'],
      ['new@example.com', 'Binance123!'],
      ['new@example.com', 'Smith1985!'],
      ['new@example.com', 'woaini1314'],
      // A word or name dressed with digits and symbols at its ends, pinyin names, the email's letters.
      ['new@example.com', 'Summer2024!!'],
      ['new@example.com', 'wangxiaoming123'],
      ['new@example.com', 'metamask2024'],
      ['kittyfrog@example.com', 'kitty.frog99'],
    ];
    for (const [email = '', password = ''] of guessable) {
      const refusal = await signUp(email, password);
      expect(refusal.status, password).toBe(400);
      expect(refusal.body).toMatchObject({ code: -1, key: 'auth.passwordGuessable' });
      expect(refusal.body.message).toMatch(/^This password is too easy to guess/);
    }
    // No account was opened (one login an email: more would pause it).
    for (const [email, password] of new Map(guessable.map(([e = '', p = '']) => [e, p])))
      expect((await own.client().post('/apiw/v2/auth/login', { email, password })).status).toBe(400);
    // None of them counted against the address's four registrations an hour.
    expect((await signUp('new@example.com', 'correct horse')).status).toBe(200);
    // A random string of 10 is enough (the hint's figure), and so is a phrase with digits.
    expect((await signUp('random@example.com', 'Xy7$kp9wQ2')).status).toBe(200);
    expect((await signUp('phrase@example.com', 'quiet-otter-58')).status).toBe(200);
    expect((await signUp('frankie@example.com', 'tidy-lemon-42')).status).toBe(200);
    expect(
      (await own.client().post('/apiw/v2/auth/login', { email: 'new@example.com', password: 'correct horse' })).status,
    ).toBe(200);
    await own.close();
  });

  it('refuses bad registrations with a message naming the field', async () => {
    const c = ts.client();
    expect(
      (await c.post('/apiw/v2/auth/register', { email: 'not-an-email', password: 'tidy-lemon-42' })).body.message,
    ).toBe('email must be a valid email');
    const short = await c.post('/apiw/v2/auth/register', { email: 'x@example.com', password: 'short' });
    expect(short.body).toMatchObject({
      message: 'password must be at least 8 characters',
      key: 'validation.minLength',
      params: { field: 'password', limit: '8' },
    });
    expect((await c.post('/apiw/v2/auth/register', { email: 'x@example.com' })).body.message).toBe(
      'password is required',
    );
    expect(
      (await c.post('/apiw/v2/auth/register', { email: 'x@example.com', password: ' '.repeat(8) })).body.message,
    ).toBe('password is not in the expected form');
    // Invisible characters are not a password either, and a control character has no place in one.
    // Nor half of a UTF-16 pair alone: every such password would hash as the same replacement character.
    for (const password of ['\u200b'.repeat(8), 'pass\tword', 'Abcd1234\ud800']) {
      expect((await c.post('/apiw/v2/auth/register', { email: 'x@example.com', password })).body.key).toBe(
        'validation.pattern',
      );
    }
    // A NUL is refused in any text of any request.
    expect(
      (await c.post('/apiw/v2/auth/register', { email: 'x@example.com', password: 'password\u0000' })).body,
    ).toMatchObject({
      key: 'validation.nul',
      message: 'password must not contain a NUL character',
    });
    const longLocal = `${'a'.repeat(65)}@example.com`;
    expect((await c.post('/apiw/v2/auth/register', { email: longLocal, password: 'tidy-lemon-42' })).body.message).toBe(
      'email must be a valid email',
    );
    // Nothing was made: neither address has an account to sign in to, and a login with what could
    // never be registered is only a wrong pair.
    for (const email of ['x@example.com', longLocal]) {
      expect((await c.post('/apiw/v2/auth/login', { email, password: 'tidy-lemon-42' })).body.message).toBe(
        'Email or password is incorrect',
      );
    }
    expect((await c.post('/apiw/v2/auth/login', { email: 'x@example.com', password: ' ' })).body.message).toBe(
      'Email or password is incorrect',
    );
    expect(
      (await c.post('/apiw/v2/auth/login', { email: 'x\u0000@example.com', password: 'tidy-lemon-42' })).body.key,
    ).toBe('validation.nul');
  });

  it('refuses a wrong password without saying which part was wrong', async () => {
    const c = ts.client();
    await c.post('/apiw/v2/auth/register', { email: 'carol@example.com', password: 'tidy-lemon-42' });
    const bad = await ts
      .client()
      .post('/apiw/v2/auth/login', { email: 'carol@example.com', password: 'wrong-password' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Email or password is incorrect');
    const unknown = await ts
      .client()
      .post('/apiw/v2/auth/login', { email: 'nobody@example.com', password: 'tidy-lemon-42' });
    expect(unknown.body.message).toBe('Email or password is incorrect');
    // The right password with NULs after it is not the right password (scrypt's HMAC pads a key with
    // zero bytes, so it would derive the same key): refused as text no request may carry. Nor is a
    // blank one, or one with half of a UTF-16 pair.
    for (const password of ['password123\u0000', 'password123\u0000\u0000']) {
      const padded = await ts.client().post('/apiw/v2/auth/login', { email: 'carol@example.com', password });
      expect(padded.status, JSON.stringify(password)).toBe(400);
      expect(padded.body.key, JSON.stringify(password)).toBe('validation.nul');
    }
    for (const password of ['', 'password123\ud800']) {
      const wrong = await ts.client().post('/apiw/v2/auth/login', { email: 'carol@example.com', password });
      expect(wrong.body.message, JSON.stringify(password)).toBe('Email or password is incorrect');
    }
    // Spaces around the address are trimmed; a control character is refused before any look-up.
    expect(
      (await ts.client().post('/apiw/v2/auth/login', { email: ' carol@example.com ', password: 'tidy-lemon-42' }))
        .status,
    ).toBe(200);
    for (const email of ['carol@example.com\n', '\tcarol@example.com', 'carol@example.com\u2028']) {
      const refusedEmail = await ts.client().post('/apiw/v2/auth/login', { email, password: 'tidy-lemon-42' });
      expect(refusedEmail.body.key, JSON.stringify(email)).toBe('validation.pattern');
    }
  });

  it('pauses logins for an email after 10 failures in 15 minutes, even with the right password', async () => {
    await ts.client().post('/apiw/v2/auth/register', { email: 'dave@example.com', password: 'tidy-lemon-42' });
    // The owner is warned as the pause nears (3 tries left and fewer), then told it has begun; the
    // same for an email with no account.
    for (const email of ['dave@example.com', 'nobody-here@example.com']) {
      const answers = [];
      for (let i = 0; i < 10; i++) {
        answers.push((await ts.client().post('/apiw/v2/auth/login', { email, password: 'guess-guess' })).body);
      }
      expect(answers.map((a) => a.key)).toEqual([
        ...Array(6).fill('auth.wrongCredentials'),
        'auth.wrongCredentialsTriesLeft',
        'auth.wrongCredentialsTriesLeft',
        'auth.wrongCredentialsTriesLeft',
        'auth.wrongCredentialsPaused',
      ]);
      expect(answers[6]).toMatchObject({
        message:
          'Email or password is incorrect; 3 more wrong tries pause logins to this email from your network for 15 minutes',
        params: { tries: '3', minutes: '15' },
      });
      expect(answers[8]?.message).toBe(
        'Email or password is incorrect; 1 more wrong try pauses logins to this email from your network for 15 minutes',
      );
      expect(answers[9]).toMatchObject({
        message: 'Email or password is incorrect; logins to this email from your network are paused for 15 minutes',
        params: { minutes: '15' },
      });
    }
    const locked = await ts
      .client()
      .post('/apiw/v2/auth/login', { email: 'dave@example.com', password: 'tidy-lemon-42' });
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe('Too many failed logins for this email; try again in 15 minutes');
    // Another email is not affected.
    await ts.client().post('/apiw/v2/auth/register', { email: 'erin@example.com', password: 'tidy-lemon-42' });
    expect(
      (await ts.client().post('/apiw/v2/auth/login', { email: 'erin@example.com', password: 'tidy-lemon-42' })).status,
    ).toBe(200);
  });

  it("clears an owner's failures from their address once they log in, not the address's own", async () => {
    // Its own server: these failures must not count against the shared one's address.
    const own = await startTestServer();
    await own.client().post('/apiw/v2/auth/register', { email: 'hana@example.com', password: 'tidy-lemon-42' });
    const login = (password: string) =>
      own.client().post('/apiw/v2/auth/login', { email: 'hana@example.com', password });
    for (let i = 0; i < 9; i++) expect((await login('guess-guess')).status).toBe(400);
    expect((await login('tidy-lemon-42')).status).toBe(200);
    // The typos before are no longer held against the owner: the next one is the first again.
    expect((await login('guess-guess')).body.key).toBe('auth.wrongCredentials');
    for (let i = 0; i < 5; i++) await login('guess-guess');
    expect((await login('guess-guess')).body).toMatchObject({
      key: 'auth.wrongCredentialsTriesLeft',
      params: { tries: '3' },
    });
    // The address's own count (30 over any emails) was not reset by the success: 16 failures so far.
    for (let i = 0; i < 14; i++)
      await own.client().post('/apiw/v2/auth/login', { email: `x${i}@example.com`, password: 'nope-nope' });
    expect((await login('tidy-lemon-42')).body.key).toBe('auth.loginPaused');
    await own.close();
  });

  it('pauses logins from an address after 30 failures in 15 minutes across any emails, and only from it', async () => {
    // Behind a trusted proxy (this test's own address), the user's address is X-Forwarded-For.
    const own = await startTestServer({ trustedProxies: ['127.0.0.1'] });
    const from = (ip: string) => ({ 'x-forwarded-for': ip });
    const login = (email: string, password: string, ip: string) =>
      own.client().post('/apiw/v2/auth/login', { email, password }, from(ip));
    await own.client().post('/apiw/v2/auth/register', { email: 'frank@example.com', password: 'tidy-lemon-42' });
    for (let i = 0; i < 30; i++)
      expect((await login(`guess${i}@example.com`, 'nope-nope', '203.0.113.7')).status).toBe(400);
    const paused = await login('frank@example.com', 'tidy-lemon-42', '203.0.113.7');
    expect(paused.status).toBe(429);
    expect(paused.body.message).toBe('Too many failed logins from your network; try again in 15 minutes');
    expect((await login('frank@example.com', 'tidy-lemon-42', '198.51.100.2')).status).toBe(200);
    await (own.server.ctx.clock as ManualClock).advance(own.server.ctx.db, 16 * 60_000);
    expect((await login('frank@example.com', 'tidy-lemon-42', '203.0.113.7')).status).toBe(200);
    await own.close();
  });

  it("cannot be used to lock an owner out: an attacker's failures lock the attacker's address, the owner gets in", async () => {
    const own = await startTestServer({ trustedProxies: ['127.0.0.1'] });
    const clock = own.server.ctx.clock as ManualClock;
    const login = (password: string, ip: string) =>
      own.client().post('/apiw/v2/auth/login', { email: 'gina@example.com', password }, { 'x-forwarded-for': ip });
    await own.client().post('/apiw/v2/auth/register', { email: 'gina@example.com', password: 'tidy-lemon-42' });
    // The owner's usual place.
    expect((await login('tidy-lemon-42', '198.51.100.3')).status).toBe(200);
    for (let i = 0; i < 10; i++) expect((await login('guess-guess', '203.0.113.8')).status).toBe(400);
    // The attacker's address is locked out of this email, even with the right password.
    const attacker = await login('tidy-lemon-42', '203.0.113.8');
    expect(attacker.body.message).toBe('Too many failed logins for this email; try again in 15 minutes');
    // Tries spread over many addresses slow down: each further failure doubles the wait...
    for (const [i, wait] of [1, 2, 4, 8].entries()) {
      await clock.advance(own.server.ctx.db, wait * 1_000);
      expect((await login('guess-guess', `203.0.113.${20 + i}`)).status).toBe(400);
    }
    const sprayed = await login('guess-guess', '203.0.113.30');
    expect(sprayed.body.message).toBe('Too many failed logins for this email; try again in 16 seconds');
    // ...and a refused try is not counted, so it cannot stretch the wait.
    expect((await login('guess-guess', '203.0.113.31')).body.message).toBe(
      'Too many failed logins for this email; try again in 16 seconds',
    );
    // The owner, from their usual place, gets in at once, in the middle of the attack.
    expect((await login('tidy-lemon-42', '198.51.100.3')).status).toBe(200);
    // From a new place, the owner waits what the answer says, and no longer than a minute.
    const elsewhere = await login('tidy-lemon-42', '198.51.100.77');
    expect(elsewhere.body.message).toBe('Too many failed logins for this email; try again in 16 seconds');
    await clock.advance(own.server.ctx.db, 16_000);
    expect((await login('tidy-lemon-42', '198.51.100.77')).status).toBe(200);
    await own.close();
  });

  it('refuses a state-changing call without the CSRF header, and one with a wrong token', async () => {
    const c = ts.client();
    await c.get('/healthz');
    c.csrf = false;
    const res = await c.post('/apiw/v2/auth/login', { email: 'carol@example.com', password: 'tidy-lemon-42' });
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/CSRF/);
    // A guest has no session to have expired: the page is out of date.
    expect(res.body.key).toBe('common.pageExpired');
    const forged = await c.post(
      '/apiw/v2/auth/login',
      { email: 'carol@example.com', password: 'tidy-lemon-42' },
      { 'x-csrf-token': 'forged' },
    );
    expect(forged.status).toBe(403);
  });

  it('ties the CSRF token to the session: no cookie, or a cookie and header an attacker chose, are refused', async () => {
    const u = await ts.newUser();
    const sid = u.cookie('sid') as string;
    const body = JSON.stringify({ sets: { startup_mining_switch: 1 } });
    const raw = (headers: Record<string, string>) =>
      fetch(`${ts.url}/apiw/v2/herald/switches`, { method: 'POST', headers, body });
    // No csrf_token cookie and no header: once 'undefined equals undefined' let this through.
    expect((await raw({ cookie: `sid=${sid}`, 'content-type': 'application/json' })).status).toBe(403);
    // The attacker plants a cookie and sends the same value: not the session's token.
    const planted = await raw({
      cookie: `sid=${sid}; csrf_token=attacker`,
      'x-csrf-token': 'attacker',
      'content-type': 'application/json',
    });
    expect(planted.status).toBe(403);
    // Told as a page out of date: the session is still good, and saying it expired sent users to log in again.
    expect(await planted.json()).toMatchObject({ data: null, key: 'common.pageExpired' });
    // The session's own token passes.
    const own = await raw({
      cookie: `sid=${sid}; csrf_token=${u.cookie('csrf_token')}`,
      'x-csrf-token': u.cookie('csrf_token') as string,
      'content-type': 'application/json',
    });
    expect(own.status).toBe(200);
  });

  it('takes money-moving calls as JSON only: a form body is refused before anything runs', async () => {
    const u = await ts.newUser();
    const res = await u.post('/apiw/v2/account/transfer', 'asset=USDT&amount=1&from=spot&to=unified', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({ code: -1, data: null });
  });

  it('keeps operator routes for the admin role', async () => {
    const user = await ts.newUser();
    const res = await user.get('/admin/v1/clock');
    expect(res.status).toBe(403);
    const guest = await ts.client().get('/admin/v1/clock');
    expect(guest.status).toBe(401);
    // A bad body is not looked at before who is calling: no schema hints for a guest or a user.
    expect((await user.post('/admin/v1/clock/advance', { hours: 'x' })).status).toBe(403);
    expect((await ts.client().post('/admin/v1/deposit', { nope: 1 })).status).toBe(401);
    // Nor from the body's parsing: not JSON, another type, too large.
    expect((await ts.client().post('/admin/v1/deposit', '{bad', { 'content-type': 'application/json' })).status).toBe(
      401,
    );
    expect((await user.post('/admin/v1/deposit', '{bad', { 'content-type': 'application/json' })).status).toBe(403);
    expect((await user.post('/admin/v1/deposit', '<x/>', { 'content-type': 'text/xml' })).status).toBe(403);
    expect((await user.post('/admin/v1/deposit', `"${'x'.repeat(3_000_000)}"`)).status).toBe(403);
    expect((await ts.admin.post('/admin/v1/clock/advance', { hours: 'x' })).status).toBe(400);
    const ok = await ts.admin.get('/admin/v1/clock');
    expect(ok.body.data).toMatchObject({ mode: 'manual', now: '2026-11-02T00:00:00.000Z' });
  });

  it('serves the OpenAPI document built from the route schemas', async () => {
    const res = await fetch(`${ts.url}/openapi.json`);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of [
      '/apiw/v2/auth/login',
      '/apiw/v2/account/transfer',
      '/apiw/v2/market/tickers',
      '/admin/v1/deposit',
    ]) {
      expect(doc.paths).toHaveProperty(path);
    }
  });

  it('answers an unknown API path with the envelope', async () => {
    const res = await ts.client().get('/apiw/v2/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      code: -1,
      message: 'No route for GET /apiw/v2/nothing-here',
      data: null,
      key: 'common.noRoute',
    });
  });
});
