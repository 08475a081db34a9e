export { Argon2PasswordHasher, defaultArgon2Options } from './argon2-password-hasher.ts';
export { CryptoIdGenerator } from './crypto-id-generator.ts';
