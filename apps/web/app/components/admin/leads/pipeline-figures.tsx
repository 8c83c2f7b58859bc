import { Link } from 'react-router';
import { LEAD_STATUSES } from '@oasis/shared/lead-rules';
import type { LeadPipeline } from '@oasis/shared/leads';
import { useI18n } from '~/lib/i18n';
import { DashboardCard, FigureText } from '../dashboard-card';
import { STATUS_LABEL } from './labels';

/**
 * The pipeline on the dashboard: leads in each stage and those due for a follow-up today (Dubai),
 * each a link to the inbox filtered the same way.
 */
export function PipelineFigures({ pipeline }: { pipeline: LeadPipeline }) {
  const { t, number } = useI18n();
  const text = t.adminLeads;
  const figures = [
    { key: 'due', label: text.dueToday, value: pipeline.dueToday, to: 'leads?due=today' },
    ...LEAD_STATUSES.map((stage) => ({
      key: stage,
      label: text[STATUS_LABEL[stage]],
      value: pipeline.stages[stage],
      to: `leads?status=${stage}`,
    })),
  ];
  return (
    <DashboardCard id="pipeline-figures-heading" title={text.pipelineTitle}>
      <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-6">
        {figures.map((figure) => (
          <li key={figure.key}>
            <Link
              to={figure.to}
              className={`flex h-full flex-col rounded-xl border p-3 hover:border-brand-green focus-visible:border-brand-green ${figure.key === 'due' ? 'border-brand-yellow bg-brand-sand' : 'border-slate-200'}`}
            >
              <FigureText label={figure.label} value={number(figure.value)} />
            </Link>
          </li>
        ))}
      </ul>
    </DashboardCard>
  );
}
