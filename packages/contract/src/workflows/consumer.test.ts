import { describe, expect, it } from 'vitest';
import { consumerActionRefusal, consumerActionsFor, type ConsumerState } from './consumer.ts';

const active: ConsumerState = { status: 1, physical_card_id: null, email: 'a@b.id', email_verified: false, has_password: false };

describe('consumer workflow', () => {
  it('offers lock, withdraw, link card and both e-mails to a fresh active consumer', () => {
    expect(consumerActionsFor(active)).toEqual(['lock', 'withdraw', 'link-card', 'resend-verification', 'send-create-password']);
  });

  it('moves between active, locked and withdrawn only along the allowed transitions', () => {
    const locked = { ...active, status: 2, physical_card_id: '7788000011112222' };
    expect(consumerActionsFor(locked)).toEqual(['unlock', 'withdraw', 'unlink-card']);
    const withdrawn = { ...locked, status: 3 };
    expect(consumerActionsFor(withdrawn)).toEqual(['unwithdraw']);
  });

  it('explains each refusal', () => {
    expect(consumerActionRefusal('lock', { ...active, status: 2 })).toBe('This consumer is already locked');
    expect(consumerActionRefusal('lock', { ...active, status: 3 })).toBe('This consumer has already withdrawn and cannot be locked');
    expect(consumerActionRefusal('unlock', active)).toBe('This consumer is active, not locked');
    expect(consumerActionRefusal('unwithdraw', active)).toBe('This consumer is active, not withdrawn');
    expect(consumerActionRefusal('withdraw', { ...active, status: 3 })).toBe('This consumer has already withdrawn and cannot be withdrawn again');
    expect(consumerActionRefusal('link-card', { ...active, physical_card_id: '1' })).toBe('This consumer already has a linked card; unlink it first');
    expect(consumerActionRefusal('unlink-card', active)).toBe('This consumer has no linked card');
    expect(consumerActionRefusal('resend-verification', { ...active, email_verified: true })).toBe('This consumer’s e-mail is already verified');
    expect(consumerActionRefusal('send-create-password', { ...active, email: null })).toBe('This consumer has no e-mail address');
    expect(consumerActionRefusal('send-create-password', { ...active, has_password: true })).toBe('This consumer already has a password');
  });
});
