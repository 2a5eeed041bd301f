// SPDX-License-Identifier: GPL-2.0
/*
 * uaccess_check: prove or report every unsafe user access of a unit.
 *
 * Kernel code may use unsafe_put_user(), unsafe_get_user(),
 * unsafe_copy_to_user() and unsafe_try_cmpxchg_user() only inside a
 * user-access region, and only on memory that access_ok() (or the checking
 * or masking begin that opened the region) validated.  For every such
 * access this plugin proves, or reports, that it is inside an open region
 * on every path, that a check of the same pointer dominates it, and that
 * the access stays within the checked length where that is decidable.
 *
 * It runs as one simple IPA pass right after the SSA form is built: every
 * function is in SSA, the call graph exists and nothing is inlined yet, so
 * the primitives are still visible as calls (see primitives.c).  The pass
 * runs four phases over the unit's functions, callees first (unit.c):
 * local analysis, summaries, queries, output; each reads only what the
 * earlier ones produced (docs/design.md).  The plugin only reads the IL:
 * generated code is unchanged.
 *
 * Options (-fplugin-arg-uaccess_check-<key>[=<value>]):
 *   level=N    0 (default): unchecked, range, region, mode;
 *              1: also distance (on by itself under make W=1, which
 *                 exports KBUILD_EXTRA_WARN);
 *              2: also unproven (coverage the plugin cannot decide) and
 *                 helpers one call below their caller's region
 *   distance=N a check in the same function more than N source lines
 *              above an unchecked begin is a distance (default 20)
 *   error      report findings as errors (default: warnings, which stay
 *              warnings under -Werror so that a kernel build still links)
 *   facts=DIR  write DIR/<unit>.json with the unit's facts
 *   verbose    print a summary line per unit with accesses
 *   disable    do nothing (per file: CFLAGS_foo.o += -fplugin-arg-uaccess_check-disable)
 *
 * Usage:
 *   make KCFLAGS="-fplugin=$PWD/plugin/uaccess_check.so" fs/readdir.o
 */
#include "uaccess_check.h"
#include "plugin-version.h"

int plugin_is_GPL_compatible;

struct ua_options ua_opts;

static struct plugin_info ua_plugin_info = {
	.version = "1",
	.help = "level=N\t0: unchecked/range/region/mode (default); 1: also distance (and under make W=1); 2: also unproven\n"
		"distance=N\tsame-function check farther than N lines from an unchecked begin (default 20)\n"
		"error\treport as errors instead of warnings\n"
		"facts=DIR\twrite per-unit JSON facts into DIR\n"
		"verbose\tprint a summary line per unit with user accesses\n"
		"disable\tdo not run\n",
};

/* Phase 1: what each function holds, on its own. */
static void analyse_locally(void)
{
	unsigned i;

	for (i = 0; i < ua_unit_count(); i++) {
		struct ua_fn *fn = ua_unit_fn(i);

		ua_find_primitives(fn);
		if (fn->nprims) {
			ua_fn_enter(fn);
			ua_find_infeasible(fn);
			ua_find_correlated(fn);
			ua_fn_leave();
		}
		ua_find_guards(fn);
		if (fn->nprims)
			ua_region_dataflow(fn);
		ua_access_regions(fn);
	}
}

static unsigned int ua_execute(void)
{
	struct ua_counts counts;

	if (!ua_unit_has_macro_maps()) {
		if (ua_unit_has_accessor_asm())
			inform(UNKNOWN_LOCATION,
			       "%s: no macro expansion information in this unit "
			       "(is the input preprocessed); user accesses cannot be "
			       "recognised", "uaccess_check");
		return 0;
	}
	ua_unit_build();
	analyse_locally();
	ua_summarise_unit();
	ua_query_unit();
	ua_judge_unit(&counts);
	ua_distance_unit();
	ua_report_flush();
	if (ua_opts.verbose && counts.accesses)
		fprintf(stderr,
			"uaccess_check: summary: %s: accesses=%u proven=%u callers=%u unproven=%u reported=%u\n",
			main_input_filename, counts.accesses, counts.proven,
			counts.callers, counts.unproven, counts.reported);
	ua_facts_write(main_input_filename);
	ua_unit_reset();
	return 0;
}

static const pass_data ua_pass_data = {
	.type = SIMPLE_IPA_PASS,
	.name = "uaccess_check",
	.optinfo_flags = OPTGROUP_NONE,
	.tv_id = TV_NONE,
	.properties_required = PROP_ssa | PROP_cfg,
	.properties_provided = 0,
	.properties_destroyed = 0,
	.todo_flags_start = 0,
	.todo_flags_finish = 0,
};

class ua_pass : public simple_ipa_opt_pass {
public:
	ua_pass() : simple_ipa_opt_pass(ua_pass_data, g) {}
	unsigned int execute(function *) final override
	{
		return ua_execute();
	}
};

static bool parse_level(const char *v)
{
	char *end;
	long n;

	if (!v)
		return false;
	n = strtol(v, &end, 10);
	if (*end || end == v || n < 0 || n > 2)
		return false;
	ua_opts.level = n;
	return true;
}

static bool parse_lines(const char *v)
{
	char *end;
	long n;

	if (!v)
		return false;
	n = strtol(v, &end, 10);
	if (*end || end == v || n < 0 || n > 100000)
		return false;
	ua_opts.distance_lines = n;
	return true;
}

/* make W=1 exports KBUILD_EXTRA_WARN=1: that is what level 1 is for. */
static void level_from_kbuild(void)
{
	const char *w = getenv("KBUILD_EXTRA_WARN");

	if (w && strchr(w, '1') && ua_opts.level < 1)
		ua_opts.level = 1;
}

/* Returns false when the plugin should not run. */
static bool parse_args(const char *name, int argc,
		       struct plugin_argument *argv)
{
	bool run = true;
	int i;

	for (i = 0; i < argc; i++) {
		const char *k = argv[i].key, *v = argv[i].value;

		if (!strcmp(k, "disable") && !v)
			run = false;
		else if (!strcmp(k, "error") && !v)
			ua_opts.as_error = true;
		else if (!strcmp(k, "verbose") && !v)
			ua_opts.verbose = true;
		else if (!strcmp(k, "facts") && v && *v)
			ua_opts.facts_dir = v;
		else if (!strcmp(k, "level") && parse_level(v))
			continue;
		else if (!strcmp(k, "distance") && parse_lines(v))
			continue;
		else
			error("%s: bad option %<%s%s%s%> (keys: level=0|1|2, distance=N, error, facts=DIR, verbose, disable; %<gcc -fplugin=%s.so -v --help%> lists them)",
			      name, k, v ? "=" : "", v ? v : "", name);
	}
	return run;
}

int plugin_init(struct plugin_name_args *info,
			  struct plugin_gcc_version *version)
{
	struct register_pass_info pass;

	if (!plugin_default_version_check(version, &gcc_version)) {
		error("%s: built for a different GCC version", info->base_name);
		return 1;
	}
	register_callback(info->base_name, PLUGIN_INFO, NULL, &ua_plugin_info);
	ua_opts.distance_lines = 20;
	if (!parse_args(info->base_name, info->argc, info->argv))
		return 0;
	level_from_kbuild();
	pass.pass = new ua_pass();
	pass.reference_pass_name = "build_ssa_passes";
	pass.ref_pass_instance_number = 1;
	pass.pos_op = PASS_POS_INSERT_AFTER;
	register_callback(info->base_name, PLUGIN_PASS_MANAGER_SETUP, NULL, &pass);
	return 0;
}
