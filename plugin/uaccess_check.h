/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Types shared by the parts of the uaccess_check plugin.
 *
 * A unit is analysed in one IPA pass.  Every function with a body gets a
 * struct ua_fn holding what the recognisers found in it (primitive calls
 * and accessor groups) and the region state computed over its CFG.  An
 * access is judged against the checks of its own function and, when its
 * pointer or its region arrives from a caller, against the callers in the
 * unit.  Findings are collected and printed sorted at the end of the unit.
 */
#ifndef UACCESS_CHECK_H
#define UACCESS_CHECK_H

#include "gcc_includes.h"

enum ua_mode {
	UA_MODE_NONE = 0,
	UA_MODE_READ = 1,
	UA_MODE_WRITE = 2,
	UA_MODE_RW = 3,
};

enum ua_prim_kind {
	PRIM_NONE,
	PRIM_ACCESS_OK,	/* __access_ok(p, n): the check itself */
	PRIM_BEGIN,	/* user_access_begin(p, n): check, opens on success */
	PRIM_MASK,	/* mask_user_address(p): its result is validated */
	PRIM_STAC,	/* opens a region without checking anything */
	PRIM_CLAC,	/* closes the region */
	PRIM_SAVE,	/* user_access_save(): closes, remembering */
	PRIM_RESTORE,	/* user_access_restore(): reopens what was saved */
	PRIM_HELPER,	/* a call of a helper that checks its argument */
};

enum ua_class {
	UA_PROVEN,
	UA_UNPROVEN,
	UA_RANGE,
	UA_UNCHECKED,
	UA_REGION,
	UA_MODE,
	UA_DISTANCE,	/* reporting only: never an access's verdict */
	UA_NCLASSES,
};

struct ua_prim {
	gimple *stmt;
	enum ua_prim_kind kind;
	enum ua_mode mode;
	const char *name;	/* the name the programmer wrote */
	location_t loc;		/* where the programmer wrote it */
	edge ok_edge;		/* begin / access_ok: the edge taken on success */
	int token;		/* begins: index of the region they open */
	struct ua_fn *helper;	/* PRIM_HELPER: the helper called */
};

enum ua_root_kind {
	ROOT_NONE,
	ROOT_PARM,	/* a parameter of the function */
	ROOT_VALUE,	/* computed: a call result, arithmetic, a constant */
	ROOT_LOAD,	/* read from memory */
};

/* A pointer as a root plus a byte offset. */
struct ua_ref {
	enum ua_root_kind kind;
	tree root;		/* PARM_DECL, SSA_NAME or the loaded reference */
	tree vuse;		/* ROOT_LOAD: the memory state read */
	bool off_known;
	HOST_WIDE_INT off;
	basic_block via;	/* reached through a PHI argument from here */
};

#define UA_MAX_REFS 8

struct ua_refs {
	unsigned n;
	bool overflow;
	struct ua_ref ref[UA_MAX_REFS];
};

/* One accessor as written: the asm statements one macro call expands to. */
struct ua_access {
	struct ua_fn *fn;
	const char *name;	/* unsafe_put_user, unsafe_copy_to_user, ... */
	enum ua_mode mode;	/* what it does to user memory */
	location_t loc;
	const void *key;	/* the macro expansion it came from */
	unsigned nasm;
	gimple **asms;
	enum ua_class verdict;
	bool via_callers;
	struct ua_cover *cover;		/* how it was judged (verdict.h) */
	struct ua_region *region;
};

struct ua_fn {
	cgraph_node *node;
	function *fun;
	unsigned nprims;
	struct ua_prim *prims;
	unsigned naccesses;
	struct ua_access *accesses;
	unsigned ntokens;
	uint64_t *bb_in;	/* region state entering each block */
	uint64_t saved;		/* states that reached a user_access_save() */
	bool own_dominators;
	bool busy;		/* on the current call chain */
	bool analysing;
	/* summaries (summary.c) */
	bool ret_done, ret_off_known;
	int ret_param;
	HOST_WIDE_INT ret_off;
	uint32_t sb_done, sb_ok;
	bool check_done, check_success_zero;
	int check_param;
	const struct ua_prim *check_prim;
};

/* Region state: a set of what may hold at a point. */
#define RS_ENTRY	((uint64_t)1)		/* as the caller left it */
#define RS_CLOSED	((uint64_t)2)
#define RS_TOKEN(i)	((uint64_t)4 << (i))
#define RS_MAX_TOKENS	60
#define RS_OPEN_MASK	(~(RS_ENTRY | RS_CLOSED))

struct ua_counts {
	unsigned accesses, proven, callers, unproven, reported;
};
extern struct ua_counts ua_counts;

/* plugin options */
struct ua_options {
	int level;
	int distance_lines;	/* same-function check farther than this */
	bool as_error;
	bool verbose;
	const char *facts_dir;
};
extern struct ua_options ua_opts;

/* primitives.c */
void ua_find_primitives(struct ua_fn *fn);
bool ua_is_primitive_body(tree fndecl);
bool ua_stores_nothing(gimple *stmt);
location_t ua_user_location(location_t loc);
bool ua_unit_has_macro_maps(void);

/* summary.c */
int ua_call_returns_arg(gimple *call, HOST_WIDE_INT *off, bool *off_known);
bool ua_stores_back(struct ua_fn *fn, int j);
struct ua_fn *ua_check_helper(gimple *call);

/* pointer.c */
bool ua_load_cell(const struct ua_ref *ref, tree *parm, HOST_WIDE_INT *coff);
void ua_resolve(tree ptr, struct ua_refs *out);
bool ua_same_root(const struct ua_ref *a, const struct ua_ref *b);
const char *ua_root_text(const struct ua_ref *ref);
int ua_parm_index(tree fndecl, tree parm);
HOST_WIDE_INT ua_access_size(gimple *asm_stmt, tree *ptr);
tree ua_asm_memory_operand(gasm *stmt);

/* guard.c */
void ua_find_guards(struct ua_fn *fn);
bool ua_prim_dominates(const struct ua_prim *p, basic_block bb, gimple *stmt);

/* region.c */
void ua_region_dataflow(struct ua_fn *fn);
uint64_t ua_region_at(struct ua_fn *fn, gimple *stmt);
void ua_check_region_ends(struct ua_fn *fn);

/* unit.c */
struct ua_fn *ua_fn_of(cgraph_node *node);
struct ua_fn *ua_fn_of_call(gimple *call);
void ua_fn_enter(struct ua_fn *fn);
void ua_fn_leave(void);
bool ua_callers_known(struct ua_fn *fn);
bool ua_is_syscall(struct ua_fn *fn);
void ua_unit_reset(void);

/* coverage.c */
void ua_judge_access(struct ua_access *acc);

/* report.c */
struct ua_diag;
struct ua_diag *ua_report(location_t loc, enum ua_class cls, tree fndecl,
			  const char *fmt, ...) ATTRIBUTE_PRINTF_4;
void ua_note(struct ua_diag *d, location_t loc, const char *fmt, ...)
	ATTRIBUTE_PRINTF_3;
void ua_report_flush(void);
extern bool ua_quiet;
const char *ua_class_name(enum ua_class cls);
location_t ua_keyword_before(location_t loc, const char *word);
char *ua_source_call(location_t loc);

/* distance.c */
void ua_distance_fn(struct ua_fn *fn);

/* facts.c */
void ua_facts_access(struct ua_access *acc);
void ua_facts_prim(struct ua_fn *fn, struct ua_prim *p);
void ua_facts_call(struct ua_fn *fn, gimple *call);
void ua_facts_requirement(struct ua_fn *fn, tree parm,
			  struct ua_access *acc, const struct ua_ref *ref,
			  const char *needs);
void ua_facts_write(const char *unit);

/* callers.c */
void ua_callers_reset(void);

#endif
