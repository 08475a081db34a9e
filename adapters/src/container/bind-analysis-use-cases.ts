import type { Container } from 'inversify';
import {
  AbandonAnalysis, AnalysisJobs, AnalyzeDocument, CancelAnalysis, Clock, CompareVersions, CreateShareLink, DeleteAnalysis,
  DocumentAnalyzer, FactFinder, GetAnalysis, GetSharedAnalysis, IdGenerator, LanguageDetector, ListAnalyses, MessageComposer,
  ProcessAnalysis, ProgressHub, ProgressWatchers, RevokeShareLink, RunAnalysis, SubmitAnalysis, TextExtractor, TokenGenerator,
  UnitOfWork, VersionComparer, WatchAnalysisProgress,
} from '@civicwatch/core';
import { bindClass } from './typed-bindings.ts';

/** Analyses and comparisons: submitting, running in the queue's workers, following, reading and sharing them. */
export function bindAnalysisUseCases(container: Container): void {
  bindClass(container, AnalyzeDocument, [TextExtractor, UnitOfWork, DocumentAnalyzer, Clock, LanguageDetector, FactFinder]);
  bindClass(container, SubmitAnalysis, [UnitOfWork, ProgressHub, IdGenerator, Clock, TextExtractor]);
  bindClass(container, CompareVersions, [TextExtractor, VersionComparer, LanguageDetector, FactFinder, Clock]);
  bindClass(container, ProcessAnalysis, [UnitOfWork, AnalyzeDocument, CompareVersions, ProgressHub, Clock, MessageComposer]);
  bindClass(container, AbandonAnalysis, [UnitOfWork, ProgressHub]);
  bindClass(container, RunAnalysis, [UnitOfWork, SubmitAnalysis, AnalysisJobs, ProgressHub]);
  bindClass(container, CancelAnalysis, [UnitOfWork, ProgressHub]);
  bindClass(container, ListAnalyses, [UnitOfWork]);
  bindClass(container, GetAnalysis, [UnitOfWork]);
  bindClass(container, DeleteAnalysis, [UnitOfWork]);
  bindClass(container, CreateShareLink, [UnitOfWork, TokenGenerator, Clock]);
  bindClass(container, RevokeShareLink, [UnitOfWork]);
  bindClass(container, GetSharedAnalysis, [UnitOfWork]);
  bindClass(container, WatchAnalysisProgress, [UnitOfWork, ProgressHub, ProgressWatchers]);
}
