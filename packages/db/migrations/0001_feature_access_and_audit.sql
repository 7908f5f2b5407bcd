-- check_feature_access(p_user_id, p_feature_name): docs/product.md § Access.
-- * super_admin (the platform operator) is always allowed;
-- * everyone else needs an active profile whose company's subscription -- the newest row that
--   is active or trialing, else the newest row -- is active, or trialing with trial_end in the
--   future, and whose plan the matrix grants the feature to.
-- Anything missing (no profile, no company, no subscription, no matrix row) denies.
CREATE OR REPLACE FUNCTION check_feature_access(p_user_id text, p_feature_name text)
RETURNS boolean
LANGUAGE sql
STABLE
AS $$
  SELECT COALESCE((
    SELECT CASE
      WHEN p.role = 'super_admin' THEN true
      WHEN p.status <> 'active' THEN false
      ELSE COALESCE((
        SELECT (s.status = 'active' OR (s.status = 'trialing' AND s.trial_end > now()))
               AND COALESCE((
                 SELECT m.has_access FROM feature_access_matrix m
                 WHERE m.plan_name = s.plan_name AND m.feature_name = p_feature_name
               ), false)
        FROM subscriptions s
        WHERE s.company_id = p.company_id
        ORDER BY (s.status IN ('active', 'trialing')) DESC, s.created_at DESC
        LIMIT 1
      ), false)
    END
    FROM user_profiles p
    WHERE p.user_id = p_user_id
  ), false)
$$;
--> statement-breakpoint
-- The audit log is append-only: rows are written, never rewritten or removed.
CREATE OR REPLACE FUNCTION audit_log_refuse_change()
RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only' USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_append_only
  BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate
  BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();
