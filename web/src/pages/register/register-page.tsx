import { Link, useParams } from "react-router-dom";
import { Role } from "@schema/enums";
import { RegisterForm } from "../../features/auth/register-form";
import { ar } from "../../i18n/ar-EG";
import { arAuth } from "../../i18n/ar-EG-auth";
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
    <PageFrame
      title={isTutor ? arAuth.register.tutorTitle : arAuth.register.studentTitle}
      subtitle={isTutor ? arAuth.register.tutorSubtitle : arAuth.register.studentSubtitle}
    >
      <Card>
        <RegisterForm
          key={role}
          role={role}
          onRegistered={() =>
            toasts.show({ id: "registered", type: "success", title: arAuth.register.created })
          }
        />
      </Card>
      <div className="flex flex-col items-center gap-2 text-slate-700">
        <p>
          {arAuth.register.haveAccount}{" "}
          <Link to="/login" className="font-medium text-brand-800 underline underline-offset-4">
            {ar.nav.login}
          </Link>
        </p>
        <Link
          to={isTutor ? "/register/student" : "/register/tutor"}
          className="font-medium text-brand-800 underline underline-offset-4"
        >
          {isTutor ? arAuth.register.switchToStudent : arAuth.register.switchToTutor}
        </Link>
      </div>
    </PageFrame>
  );
}
