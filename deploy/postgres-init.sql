-- One login role and one schema per service; no role can touch another's schema.
DO $$ DECLARE s text; BEGIN
  FOREACH s IN ARRAY ARRAY['identity','catalogue','commerce','messaging','analytics'] LOOP
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'lbf_' || s) THEN
      EXECUTE format('CREATE ROLE %I LOGIN PASSWORD %L', 'lbf_' || s, 'lbf_' || s || '_pw');
    END IF;
    EXECUTE format('CREATE SCHEMA IF NOT EXISTS %I AUTHORIZATION %I', s, 'lbf_' || s);
    EXECUTE format('REVOKE ALL ON SCHEMA %I FROM PUBLIC', s);
  END LOOP;
END $$;
REVOKE ALL ON SCHEMA public FROM PUBLIC;
