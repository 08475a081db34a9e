export { Argon2PasswordHasher, defaultArgon2Options } from './argon2-password-hasher.ts';
export { CryptoIdGenerator } from './crypto-id-generator.ts';
export { CryptoTokenGenerator } from './crypto-token-generator.ts';
export { Sha256TokenHasher } from './sha256-token-hasher.ts';
