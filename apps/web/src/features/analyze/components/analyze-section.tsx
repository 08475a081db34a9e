import { FileSearch } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';

/**
 * The document upload and analysis area (spec §2 "Analyze page"), shown on the signed-in home and at
 * /analyze (DECISIONS). The analyzer itself is not part of this release: the card says so.
 */
export function AnalyzeSection() {
  return (
    <section id="analyze" aria-labelledby="analyze-heading" className="scroll-mt-20">
      <Card>
        <CardHeader>
          <CardTitle id="analyze-heading">Analyze a Government Document</CardTitle>
          <CardDescription>Upload a PDF or paste text to get a summary, a constitutional check and recommended citizen actions.</CardDescription>
        </CardHeader>
        <CardContent>
          <div className="flex flex-col items-center gap-3 rounded-lg border-2 border-dashed border-slate-300 bg-slate-50 px-6 py-10 text-center">
            <FileSearch className="size-10 text-blue-900" aria-hidden="true" />
            <p className="font-semibold text-slate-900">The document analyzer arrives soon</p>
            <p className="max-w-md text-sm text-slate-600">
              Uploading and analyzing documents is not available yet. Your credits are safe and will be ready when it
              opens.
            </p>
          </div>
        </CardContent>
      </Card>
    </section>
  );
}
