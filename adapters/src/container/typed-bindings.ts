import type { Container, MapToResolvedValueInjectOptions, Newable } from 'inversify';
import {
  AdminPolicy, AdminPolicyToken, AnalysisJobs, Clock, DocumentAnalyzer, FactFinder, IdGenerator, LanguageDetector, MailSender,
  PasswordHasher, PaymentGateway, ProgressHub, TextExtractor, TokenGenerator, TokenHasher, TokenSigner, UnitOfWork,
  VersionComparer,
} from '@civicwatch/core';
import type { AppConfig } from '../config/config.ts';

export const AppConfigToken = Symbol('AppConfig');

/**
 * What each symbol identifier is bound to. inversify types a symbol as any service (ADR 0029), so this table is what
 * lets the compiler check a dependency list against the parameters it fills, and a bound value against its port.
 */
export interface Ports {
  [AppConfigToken]: AppConfig;
  [UnitOfWork]: UnitOfWork;
  [PasswordHasher]: PasswordHasher;
  [IdGenerator]: IdGenerator;
  [TokenGenerator]: TokenGenerator;
  [TokenHasher]: TokenHasher;
  [Clock]: Clock;
  [AdminPolicyToken]: AdminPolicy;
  [TextExtractor]: TextExtractor;
  [LanguageDetector]: LanguageDetector;
  [FactFinder]: FactFinder;
  [VersionComparer]: VersionComparer;
  [DocumentAnalyzer]: DocumentAnalyzer;
  [ProgressHub]: ProgressHub;
  [AnalysisJobs]: AnalysisJobs;
  /** Null when payments are not configured: the payment use cases then answer payments.not_configured. */
  [PaymentGateway]: PaymentGateway | null;
  [TokenSigner]: TokenSigner;
  /** Null without SMTP_URL: e-mail then stays in the outbox. */
  [MailSender]: MailSender | null;
}

/** An identifier whose bound value fits a parameter of type T: a class, or a port symbol bound to a T. */
type Identifier<T> = Newable<T> | { [S in keyof Ports]: Ports[S] extends T ? S : never }[keyof Ports];

/** One identifier per parameter, each checked against the parameter it fills. */
export type Dependencies<A extends unknown[]> = { [K in keyof A]: Identifier<A[K]> };

/** Binds a port's symbol to the adapter the configuration chose. */
export function bindPort<S extends keyof Ports>(container: Container, port: S, adapter: Ports[S]): void {
  container.bind(port).toConstantValue(adapter);
}

/** Binds a class to one instance that the resolver builds from `dependencies` (missing ones and cycles are errors). */
export function bindClass<T, A extends unknown[]>(container: Container, type: Newable<T, A>, dependencies: NoInfer<Dependencies<A>>): void {
  bindFactory(container, type, (...args: A) => new type(...args), dependencies);
}

/** Binds a class to what `factory` makes of `dependencies`: for a class that also takes values from the configuration. */
export function bindFactory<T, A extends unknown[]>(
  container: Container, type: Newable<T>, factory: (...args: A) => T, dependencies: NoInfer<Dependencies<A>>,
): void {
  // Each Identifier<T> is a ServiceIdentifier<T>, which the compiler cannot see through the mapped types of a generic A.
  container.bind(type).toResolvedValue(factory, dependencies as unknown as MapToResolvedValueInjectOptions<A>);
}
