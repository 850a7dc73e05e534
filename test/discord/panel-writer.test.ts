/**
 * The ordered writer of panel messages: one write per message at a time, a waiting write is
 * replaced by a newer one, nothing older than what a message shows is sent, and a click is
 * answered in place only when that cannot be overtaken by an older edit.
 */
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/logger.js';
import { PanelWriter } from '../../src/discord/publish/panel-writer.js';

/** A write that finishes when `release()` is called, recording when it was sent and landed. */
function gate(name: string, log: string[]) {
  let release!: () => void;
  const landed = new Promise<void>((resolve) => (release = resolve));
  return {
    send: () => {
      log.push(`send ${name}`);
      return landed.then(() => void log.push(`land ${name}`));
    },
    release: () => release(),
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('PanelWriter', () => {
  it('keeps one edit in flight per message and sends only the newest waiting one', async () => {
    const writer = new PanelWriter(silentLogger);
    const log: string[] = [];
    const v5 = gate('v5', log);
    const v6 = gate('v6', log);
    const v7 = gate('v7', log);
    writer.write('m', 5, v5.send);
    writer.write('m', 6, v6.send); // waits for v5 …
    writer.write('m', 7, v7.send); // … and is replaced by v7
    writer.write('m', 4, () => Promise.reject(new Error('an older version must not be sent')));
    expect(log).toEqual(['send v5']);
    v5.release();
    await tick();
    expect(log).toEqual(['send v5', 'land v5', 'send v7']);
    v7.release();
    await writer.settled();
    expect(log).toEqual(['send v5', 'land v5', 'send v7', 'land v7']);
    expect(writer.isIdle).toBe(true);
  });

  it('a click on a message with an edit in flight is acknowledged at once and edited after it', async () => {
    const writer = new PanelWriter(silentLogger);
    const log: string[] = [];
    const edit = gate('edit v6', log);
    writer.write('m', 6, edit.send);
    await writer.answerClick('m', 7, {
      update: async () => void log.push('update v7'),
      defer: async () => void log.push('defer'),
      edit: async () => void log.push('click edit v7'),
    });
    expect(log).toEqual(['send edit v6', 'defer']);
    edit.release();
    await writer.settled();
    expect(log).toEqual(['send edit v6', 'defer', 'land edit v6', 'click edit v7']);
  });

  it('answers in place when nothing is on its way, and lets a double click of the same version through', async () => {
    const writer = new PanelWriter(silentLogger);
    const log: string[] = [];
    const first = gate('update v3 (first click)', log);
    const answer = (name: string, send: () => Promise<unknown>) => ({ update: send, defer: async () => void log.push(`defer ${name}`), edit: async () => void log.push(`edit ${name}`) });
    const one = writer.answerClick('m', 3, answer('first', first.send));
    const two = writer.answerClick('m', 3, answer('second', async () => void log.push('update v3 (second click)')));
    first.release();
    await Promise.all([one, two]);
    expect(log).toContain('update v3 (second click)');
    expect(log.some((line) => line.startsWith('defer'))).toBe(false);
    // A click drawn from an older version than the message shows only acknowledges.
    await writer.answerClick('m', 2, answer('old', async () => void log.push('update v2')));
    await writer.settled();
    expect(log).toContain('defer old');
    expect(log).not.toContain('update v2');
    expect(log).not.toContain('edit old');
  });
});
