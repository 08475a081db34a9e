import type { ReactNode } from 'react';
import { Brand } from '../../../components/ui/brand.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card.tsx';
import { MainContent } from '../../../components/ui/main-content.tsx';

/** The centred card of the sign-in and sign-up screens. */
export function AuthLayout({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col items-center justify-center bg-gradient-to-b from-slate-100 to-slate-50 px-4 py-12">
      <header className="mb-8">
        <Brand />
      </header>
      <MainContent className="w-full max-w-md">
        <Card>
          <CardHeader className="text-center">
            <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
            <CardDescription>{description}</CardDescription>
          </CardHeader>
          <CardContent>{children}</CardContent>
        </Card>
      </MainContent>
      <footer className="mt-6 max-w-sm text-center text-xs text-slate-500">
        Non-partisan and constitution-focused. Uploaded documents are processed securely and deleted after analysis.
      </footer>
    </div>
  );
}
