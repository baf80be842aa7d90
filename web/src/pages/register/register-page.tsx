import { Link, useParams } from "react-router-dom";
import { Role } from "@schema/enums";
import { RegisterForm } from "../../features/auth/register-form";
import { ar } from "../../i18n/ar-EG";
import { Card } from "../../ui/card";
import { PageFrame } from "../../ui/page-frame";
import { toasts } from "../../ui/toast-store";
import { NotFoundPage } from "../not-found/not-found-page";

/** The roles anyone may register as, by their route parameter. */
const registrableRoles = { student: Role.Student, tutor: Role.Tutor } as const;

/** /register/{role} — a student or tutor account; the guest guard then opens the dashboard. */
export function RegisterPage() {
  const { role: roleParam } = useParams();
  if (roleParam !== "student" && roleParam !== "tutor") return <NotFoundPage />;
  const role = registrableRoles[roleParam];
  const isTutor = role === Role.Tutor;

  return (
    <PageFrame title={isTutor ? ar.register.tutorTitle : ar.register.studentTitle} subtitle={isTutor ? ar.register.tutorSubtitle : ar.register.studentSubtitle}>
      <Card>
        <RegisterForm key={role} role={role} onRegistered={() => toasts.show({ id: "registered", type: "success", title: ar.register.created })} />
      </Card>
      <div className="flex flex-col items-center gap-2 text-slate-700">
        <p>
          {ar.register.haveAccount}{" "}
          <Link to="/login" className="font-medium text-brand-800 underline underline-offset-4">
            {ar.nav.login}
          </Link>
        </p>
        <Link to={isTutor ? "/register/student" : "/register/tutor"} className="font-medium text-brand-800 underline underline-offset-4">
          {isTutor ? ar.register.switchToStudent : ar.register.switchToTutor}
        </Link>
      </div>
    </PageFrame>
  );
}
