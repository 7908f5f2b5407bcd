import { describe, expect, it } from 'vitest';
import {
  CHAT_TEXTS,
  chatRequestSchema,
  isComplianceQuestion,
  isPlatformQuestion,
  topicFilterReply,
} from './chat.ts';

describe('chat topic filter (docs/product.md § Topic filter)', () => {
  it('passes a member’s message with any of the spec’s compliance keywords', () => {
    for (const message of [
      'When is the HMDA LAR due?',
      'TRID tolerance cures',
      'Is this loan a QM?',
      'What did the CFPB say?',
      'fair   lending exam prep',
      'CRA assessment areas',
      'BSA officer duties',
      'AML training',
      'mortgages held in portfolio',
      'disclosures at closing',
      'How is the APR computed?',
      'TILA rescission',
      'RESPA section 8',
      'escrow shortage',
      'redlining risk',
      'What does § 1026.19(e) say?',
      // Abbreviations compliance staff write (issue 26: these were turned away).
      'When is a CTR due?',
      'When is a SAR due?',
      'What does our CIP need?',
      'Is FinCEN’s deadline different?',
      'Do we scan against OFAC lists?',
      'Flood zone determinations',
      'How do we fix LAR errors?',
      'Currency transaction reports for cash deposits',
    ]) {
      expect(isComplianceQuestion(message), message).toBe(true);
      expect(topicFilterReply(message, 'member')).toBeNull();
    }
  });

  it('answers a member’s other message with the spec’s text, word for word', () => {
    for (const message of [
      'Tell me a joke',
      'What is the capital of France?',
      'April showers',
      'a crane',
    ]) {
      expect(topicFilterReply(message, 'member'), message).toBe(
        "I'm specialized in mortgage compliance questions. Please ask me about regulations, compliance requirements, or related topics like HMDA, TRID, QM rules, fair lending, or other mortgage compliance matters.",
      );
    }
  });

  it('passes a guest’s platform question and answers anything else with the spec’s text', () => {
    for (const message of [
      'What does the platform do?',
      'Subscription options?',
      'pricing',
      'I cannot access my account',
      'Contact support',
      'How long is the trial?',
      'login problems',
      'Billing question',
      'Is my data security good?',
    ]) {
      expect(isPlatformQuestion(message), message).toBe(true);
    }
    expect(topicFilterReply('What is the weather?', 'guest')).toBe(
      'I can help you with platform questions, subscription plans, account support, and general information about the product. Please ask about our features, pricing, account setup, or technical support.',
    );
    expect(topicFilterReply('When is the HMDA LAR due?', 'guest')).toBe(CHAT_TEXTS.platformOnly);
  });

  it('has the spec’s failure text', () => {
    expect(CHAT_TEXTS.failure).toBe(
      "I apologize, but I'm having trouble processing your request right now. Please try again later.",
    );
  });

  it('accepts 1 to 2000 characters after trimming', () => {
    expect(chatRequestSchema.safeParse({ message: '  \n ' }).success).toBe(false);
    expect(chatRequestSchema.safeParse({ message: 'x'.repeat(2001) }).success).toBe(false);
    expect(chatRequestSchema.parse({ message: `  ${'x'.repeat(2000)}  ` }).message).toHaveLength(
      2000,
    );
  });
});
