import {
  BadgeCheckIcon,
  BanknoteIcon,
  BriefcaseIcon,
  BuildingIcon,
  CalendarIcon,
  ChartLineIcon,
  ClockIcon,
  FileCheckIcon,
  HandshakeIcon,
  HouseIcon,
  KeyRoundIcon,
  LandmarkIcon,
  LayersIcon,
  LockIcon,
  type LucideIcon,
  PercentIcon,
  PiggyBankIcon,
  RepeatIcon,
  RocketIcon,
  ScaleIcon,
  ShieldCheckIcon,
  TargetIcon,
  TrendingUpIcon,
  UsersIcon,
  ZapIcon,
} from "lucide-react";
import type { ContentIconName } from "~/content/icons";

const icons = {
  "trending-up": TrendingUpIcon,
  "shield-check": ShieldCheckIcon,
  clock: ClockIcon,
  percent: PercentIcon,
  building: BuildingIcon,
  landmark: LandmarkIcon,
  banknote: BanknoteIcon,
  calendar: CalendarIcon,
  handshake: HandshakeIcon,
  "line-chart": ChartLineIcon,
  "piggy-bank": PiggyBankIcon,
  rocket: RocketIcon,
  scale: ScaleIcon,
  users: UsersIcon,
  "file-check": FileCheckIcon,
  zap: ZapIcon,
  target: TargetIcon,
  briefcase: BriefcaseIcon,
  "badge-check": BadgeCheckIcon,
  repeat: RepeatIcon,
  lock: LockIcon,
  layers: LayersIcon,
  home: HouseIcon,
  key: KeyRoundIcon,
} satisfies Record<ContentIconName, LucideIcon>;

/** A decorative icon named by content data. */
export function ContentIcon({ name, className }: { name: ContentIconName; className?: string }) {
  const Icon = icons[name];
  return <Icon className={className} aria-hidden="true" />;
}
