import { describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import { createLogger, redactUrl } from './logger';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { logger: createLogger('info', stream), lines };
}

describe('logging', () => {
  it('masks credentials and personal numbers in logged URLs', () => {
    const url = redactUrl('/?temporaryToken=tok123&temporaryUserId=9&gch=SJFX&password=p4ss&mobileNo=13800000001&cardNo=110101199003071234');
    expect(url).not.toMatch(/tok123|p4ss|13800000001|110101199003071234/);
    expect(url).toContain('gch=SJFX');
    expect(url).toContain('temporaryUserId=9');
    expect(redactUrl('/journal?page=2')).toBe('/journal?page=2');
  });

  it('redacts passwords, tokens, codes and ID numbers in structured fields', () => {
    const { logger, lines } = capture();
    logger.info({ password: 'Secret@1', token: 'tok-xyz', user: { confirmPassword: 'Secret@1', verificationCode: '123456', cardNo: '110101199003071234' }, code: 505 }, 'attempt');
    const line = lines.join('');
    expect(line).not.toMatch(/Secret@1|tok-xyz|123456|110101199003071234/);
    expect(line).toContain('[REDACTED]');
    // The backend's business code stays readable.
    expect(JSON.parse(line).code).toBe(505);
  });
});
