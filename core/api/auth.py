"""Sign-in: the /api/login page, /api/logout, the current user and the JSON auth calls."""
from urllib.parse import urlparse

from flask import redirect, render_template, request
from flask.views import MethodView
from flask_login import current_user

from core import auth, sessions
from core.errors import Blueprint, abort
from core.limits import enforce, enforce_login
from core.models import Story, Video
from core.schemas.users import LoginSchema, RegisterSchema, SessionSchema, UserSchema
from core.security import csrf_token

blp = Blueprint("auth", __name__, url_prefix="/api", description="Sign-in and the current user")
HTML_PAGE = {"200": {"description": "An HTML page",
                     "content": {"text/html": {"schema": {"type": "string"}}}},
             "302": {"description": "Done: on to the next page"}}
# the form refused (the page again, with the reason), or the request refused before it (JSON)
REFUSED_PAGE = {"description": "Refused: the page again with the reason, or a JSON error",
                "content": {"text/html": {"schema": {"type": "string"}},
                            "application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}


def user_json(user):
    user.stories_count = Story.select().where(Story.user == user.id).count()
    user.videos_count = Video.select().where(Video.user == user.id).count()
    return user


def safe_next(target):
    """Only same-site relative paths are followed after sign-in."""
    if not target:
        return "/"
    parsed = urlparse(target)
    if parsed.scheme or parsed.netloc or not target.startswith("/") or target.startswith("//"):
        return "/"
    return target


@blp.route("/auth/user")
class CurrentUser(MethodView):
    @blp.response(200)
    @blp.doc(responses={"200": {"description": "The signed-in user, or null", "content": {
        "application/json": {"schema": {"nullable": True,
                                        "allOf": [{"$ref": "#/components/schemas/User"}]}}}}})
    def get(self):
        """The signed-in user; ``null`` when signed out. Also issues the CSRF token cookie."""
        csrf_token()
        user = auth.viewer()
        return UserSchema().dump(user_json(user)) if user else None


@blp.route("/auth/register")
class Register(MethodView):
    @blp.arguments(RegisterSchema)
    @blp.response(201, UserSchema)
    def post(self, body):
        """Create an account and sign in."""
        enforce("register")
        try:
            user = auth.register(body["email"], body["password"], body["firstName"],
                                 body.get("lastName", ""))
        except auth.AccountError as err:
            abort(err.status, message=err.message)
        auth.sign_in(user)
        return user_json(user)


@blp.route("/auth/login")
class Login(MethodView):
    @blp.arguments(LoginSchema)
    @blp.response(200, UserSchema)
    def post(self, body):
        """Sign in with e-mail and password."""
        enforce_login(body["email"])
        try:
            user = auth.authenticate(body["email"], body["password"])
        except auth.AccountError as err:
            abort(err.status, message=err.message, account=err.extra.get("account"),
                  **({"errors": err.extra} if err.extra else {}))
        auth.sign_in(user, remember=body["remember"])
        return user_json(user)


@blp.route("/auth/logout")
class Logout(MethodView):
    @blp.response(204)
    def post(self):
        """Sign out this browser; the account's other sessions stay signed in."""
        auth.sign_out()


@blp.route("/auth/logout-all")
class LogoutEverywhere(MethodView):
    @blp.response(204)
    def post(self):
        """Sign out everywhere: every session and remember-me cookie of the account ends."""
        auth.sign_out_everywhere()


@blp.route("/auth/sessions")
class Sessions(MethodView):
    @blp.response(200, SessionSchema(many=True))
    def get(self):
        """The account's signed-in browsers, the most recently seen first; ``current`` marks
        this one."""
        user = auth.require_user()
        return [{"id": row.id, "browser": sessions.browser_name(row.user_agent),
                 "created_at": row.created_at, "last_seen_at": row.last_seen_at,
                 "current": row.id == user.session_id} for row in sessions.of_user(user)]


@blp.route("/auth/sessions/<int:session_id>")
class OneSession(MethodView):
    @blp.response(204)
    @blp.alt_response(404, description="No such session of this account")
    def delete(self, session_id):
        """Sign one browser out (this one included: then this browser is signed out)."""
        user = auth.require_user()
        if session_id == user.session_id:
            auth.sign_out()
        elif not sessions.end(user.id, session_id):
            abort(404, message="Session not found")


@blp.route("/auth/sessions/revoke-all")
class RevokeAllSessions(MethodView):
    @blp.response(204)
    def post(self):
        """Sign out everywhere (the same as ``/auth/logout-all``): every session ends, this one
        included."""
        auth.sign_out_everywhere()


def _login_page(mode="login", error=None, status=200, form=None):
    return render_template("login.html", mode=mode, error=error, form=form or {},
                           next=safe_next(request.values.get("next")),
                           csrf_token=csrf_token()), status


@blp.route("/login", methods=["GET", "POST"])
@blp.doc(summary="The sign-in / create-account page (a page navigation, not JSON)",
         responses={**HTML_PAGE, **dict.fromkeys(("400", "401", "403", "409"), REFUSED_PAGE)})
def login_page():
    if request.method == "GET":
        if current_user.is_authenticated:
            return redirect(safe_next(request.args.get("next")))
        refused = auth.take_refusal()  # a ban or deactivation ended the session: say why
        return _login_page(mode=request.args.get("mode", "login"), error=refused)
    mode = request.form.get("mode", "login")
    form = {key: request.form.get(key, "") for key in ("email", "firstName", "lastName")}
    if mode == "register":
        enforce("register")
    else:
        enforce_login(form["email"])
    if mode == "register":
        errors = RegisterSchema().validate(request.form)
        if errors:
            return _login_page(mode, error=next(iter(errors.values()))[0], status=400, form=form)
        body = RegisterSchema().load(request.form)
        try:
            user = auth.register(body["email"], body["password"], body["firstName"],
                                 body.get("lastName", ""))
        except auth.AccountError as err:
            return _login_page(mode, error=err.message, status=err.status, form=form)
    else:
        try:
            user = auth.authenticate(request.form.get("email", ""),
                                     request.form.get("password", ""))
        except auth.AccountError as err:
            return _login_page(mode, error=err.message, status=err.status, form=form)
    auth.sign_in(user, remember=mode != "register" and request.form.get("remember") == "on")
    return redirect(safe_next(request.form.get("next")))


@blp.route("/logout", methods=["GET", "POST"])
@blp.doc(summary="GET: a page that asks to confirm; POST (with the CSRF token): sign out, go home",
         responses=HTML_PAGE)
def logout_page():
    if request.method == "GET":
        if not current_user.is_authenticated:
            return redirect("/")
        return render_template("logout.html", csrf_token=csrf_token())
    auth.sign_out()
    return redirect("/")
