// Tests run quiet and with a generous sign-in budget; a test about rate limits builds its app with a small one.
process.env.LOG_LEVEL ??= 'silent';
