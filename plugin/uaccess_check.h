/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Types shared by the phases of the uaccess_check plugin.
 *
 * A unit is checked in four phases, each writing only its own products
 * and reading only earlier ones (see uaccess_check_plugin.c and docs/design.md):
 *
 *   1. local analysis (recognise.c, guard.c, feasible.c, correlate.c):
 *      per function, the primitive calls, the accessor groups with what
 *      each asm touches, the success edge of every check, the paths that
 *      cannot be taken;
 *   2. summaries (summary.c, dataflow.c), callees first: what each helper
 *      does with a pointer, which calls of check helpers are checks (to a
 *      fixed point over call cycles), the region state over the CFG and
 *      at each access, and whether a helper ends its caller's region;
 *   3. queries (bound.c, paths.c, callchain.c, kept.c, coverage.c,
 *      regioncheck.c, query.c): one verdict per access for coverage and
 *      one for its region, with the call sites to blame; nothing is
 *      printed or recorded;
 *   4. output (names.c, report.c, messages.c, judge.c, distance.c,
 *      facts.c).
 *
 * Below the phases, every phase may ask locations.c (source locations
 * and text), primitives.c (what a call or an asm is), unit.c (the
 * function table) and pointer.c (a pointer as a root; it reads summaries
 * once phase 2 made them, never computes them).  Each array of struct
 * ua_fn is filled by one phase and never grown by a later one, so a
 * pointer into it stays valid.
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
	PRIM_ACCESS_OK,	/* __access_ok(p, n): the check itself */
	PRIM_BEGIN,	/* user_access_begin(p, n): check, opens on success */
	PRIM_MASK,	/* mask_user_address(p): its result is validated */
	PRIM_OPEN,	/* opens a region, checking nothing (x86's stac()) */
	PRIM_END,	/* ends the region */
	PRIM_SAVE,	/* user_access_save(): closes, remembering */
	PRIM_RESTORE,	/* user_access_restore(): reopens what was saved */
	PRIM_COPY,	/* copy_from_user(): validates its pointer when 0 */
	PRIM_HELPER,	/* a call of a helper that checks its argument */
	PRIM_NKINDS,
};

/* What each kind of primitive does; the one table is primitives.c's. */
struct ua_prim_props {
	bool checks;		/* validates a pointer */
	bool tested;		/* validates on the success edge of its result */
	bool opens;		/* opens a region */
};
extern const struct ua_prim_props ua_prim_props[PRIM_NKINDS];

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

#define UA_IS_ERROR(cls) ((cls) >= UA_RANGE && (cls) <= UA_MODE)

struct ua_fn;

struct ua_prim {
	gimple *stmt;
	enum ua_prim_kind kind;
	enum ua_mode mode;
	const char *name;	/* the name the programmer wrote */
	bool masked;		/* part of a masked begin */
	bool opens;		/* a masked begin that also opens (powerpc 7.x) */
	location_t loc;		/* where the programmer wrote it */
	edge ok_edge;		/* tested kinds: the edge taken on success */
	int token;		/* begins: the region they open, in source order */
	struct ua_fn *helper;	/* PRIM_HELPER: the helper called */
	unsigned ptr_arg;	/* the argument validated (a copy's: not 0) */
	unsigned len_arg;	/* ... and its length */
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
	bool lo_known;		/* not known, but @off is a lower bound */
	HOST_WIDE_INT off;
	edge via;		/* reached through this PHI argument edge */
	tree named;		/* the programmer's variable nearest the root */
	tree written;		/* ... and nearest the use: the pointer as written */
	HOST_WIDE_INT written_off;	/* the use's offset from @written */
	bool written_off_known;
	bool written_is_root;	/* @written holds the root itself */
	tree near;		/* the farthest SSA name from the use whose ... */
	HOST_WIDE_INT near_off;	/* ... offset to the use is known: this */
};

/*
 * Bytes above a masked pointer, or above the top of user space, that
 * fault: x86-64's guard page (docs/diagnostics.md).
 */
#define UA_MASK_GUARD 4096

#define UA_MAX_REFS 8

struct ua_refs {
	unsigned n;
	bool overflow;
	struct ua_ref ref[UA_MAX_REFS];
};

struct ua_verdict;

/* One asm statement of an accessor, and what its operands touch. */
struct ua_asm {
	gimple *stmt;
	tree ptr;		/* through this pointer, */
	tree obj;		/* ... or this object GCC folded it into */
	HOST_WIDE_INT size;	/* bytes, or -1 */
	uint64_t region;	/* the region state at it (dataflow.c) */
};

/* One accessor as written: the asm statements one macro call expands to. */
struct ua_access {
	struct ua_fn *fn;
	const char *name;	/* unsafe_put_user, unsafe_copy_to_user, ... */
	enum ua_mode mode;	/* what it does to user memory */
	location_t loc;
	const void *key;	/* the macro expansion it came from */
	unsigned nasm;
	struct ua_asm *asms;
	HOST_WIDE_INT copy_len;	/* unsafe_copy_*() of constant length, or -1 */
	bool family;		/* __get_user() and its kin: no region needed */
	bool arm64_own;		/* ... in arch/arm64/, where they check */
	tree len;		/* a family copy's run-time length, or NULL */
	/* phase 3 */
	struct ua_verdict *cover;
	struct ua_verdict *region;
	const char *proven_by;	/* proven with no check to name: why */
};

/* What a helper does with pointers (phase 2). */
struct ua_summary {
	int ret_param;			/* returns this parameter, or -1 */
	bool ret_off_known;
	HOST_WIDE_INT ret_off;		/* ... advanced by this much */
	uint32_t stores_back;		/* *param j only moves along */
	int check_param;		/* a check helper on this parameter, or -1 */
	bool check_success_zero;	/* it returns 0 on success */
	bool check_fails_negative;	/* ... and a negative error otherwise */
	/* the access_ok() it rests on, among the phase-1 primitives of the
	 * function that calls it (a helper of helpers: the innermost one) */
	const struct ua_prim *check_prim;
	bool ends_region;		/* ends its caller's region on every path */
	bool may_end_region;		/* ... on some paths only */
	enum ua_mode opens;		/* succeeds with a region of this mode
					 * open for its caller: the result of
					 * a checking begin, returned */
};

/* A finding about a function rather than an access (phase 3). */
struct ua_fn_finding {
	location_t loc;
	const struct ua_prim *end;	/* NULL: an open return */
	const struct ua_prim *begin;
	bool blind;		/* a region with no access the plugin sees */
	const struct ua_prim *inner;	/* a begin inside @begin's open region */
	tree callee;		/* blind: a function it calls, or NULL */
};

struct ua_call_facts;

enum ua_reach { UA_REACH_UNKNOWN, UA_REACH_YES, UA_REACH_NO };

/* Two edges no execution takes one right after the other (feasible.c). */
struct ua_edge_pair {
	edge in, out;
};

/* A value tested against one constant more than once (correlate.c). */
#define UA_MAX_CORR 3

struct ua_corr {
	tree value, cst;	/* a parameter's SSA name, or a variable */
	unsigned n;
	edge *eq;		/* per test, the edge taken when value == cst */
};

struct ua_fn {
	cgraph_node *node;
	function *fun;
	unsigned order;			/* position in the unit's postorder */
	unsigned scc;			/* call cycle it belongs to */
	/* phase 1 */
	unsigned nprims;
	struct ua_prim *prims;
	unsigned naccesses;
	struct ua_access *accesses;
	unsigned npairs;
	struct ua_edge_pair *pairs;	/* infeasible in-out pairs */
	unsigned ncorr;
	struct ua_corr *corr;		/* values whose tests agree */
	unsigned ntokens;
	bool own_dominators;
	/* phase 2 */
	struct ua_summary sum;
	unsigned nhelper_calls;
	struct ua_prim *helper_calls;	/* calls of check helpers: checks too */
	unsigned nhelper_tokens;	/* ... that open a region, numbered
					 * after the function's own begins */
	unsigned nending_calls;
	gimple **ending_calls;	/* calls of helpers that may end our region */
	uint64_t *bb_in;	/* region state entering each block */
	uint64_t **pred_in;	/* ... per predecessor, where pairs decide */
	unsigned nblocks;	/* pred_in's length */
	uint64_t *saves;	/* per primitive: what reached a save */
	uint64_t saved;		/* states that reached any user_access_save() */
	bool save_grew;		/* dataflow: a save's state grew this round */
	/* phase 3 */
	bool busy;		/* on the current call chain */
	bool kernel_edges_found;
	unsigned nkernel_edges;
	edge *kernel_edges;	/* powerpc's is_kernel_addr() true edges */
	enum ua_reach reach;	/* reaches an accessor (regioncheck.c) */
	unsigned nfindings;
	struct ua_fn_finding *findings;
	unsigned ncalls;
	struct ua_call_facts *calls;	/* only with facts=DIR */
};

/* Region state: a set of what may hold at a point. */
#define RS_ENTRY	((uint64_t)1)		/* as the caller left it */
#define RS_CLOSED	((uint64_t)2)
#define RS_TOKEN(i)	((uint64_t)4 << (i))
#define RS_MAX_TOKENS	60
#define RS_OPEN_MASK	(~(RS_ENTRY | RS_CLOSED))

/* plugin options */
struct ua_options {
	int level;
	int distance_lines;	/* same-function check farther than this */
	bool as_error;
	bool verbose;
	const char *facts_dir;
};
extern struct ua_options ua_opts;

/*
 * Who may call whom (docs/design.md, "Files"): a file calls only files
 * listed before its own group here, or in its own group.
 */

/* locations.c: source locations and the text at them */
location_t ua_user_location(location_t loc);
int ua_compare_locations(location_t a, location_t b);
bool ua_macro_temporary(tree var);
bool ua_written_in_macro(location_t loc, const char *name);
location_t ua_keyword_before(location_t loc, const char *word);
bool ua_line_calls(location_t loc, const char *name);
bool ua_word_at(location_t loc, const char *word);
char *ua_source_call(location_t loc);
char *ua_text_arg(const char *call, unsigned n);
char *ua_call_arg_text(location_t loc, unsigned n);

/* primitives.c: what a call or an asm statement is (primitives.def) */
struct ua_written {
	const char *name;	/* the outermost primitive or accessor macro */
	enum ua_mode mode;
	bool takes_length;	/* an accessor whose length is an argument */
	const void *key;	/* its expansion: one per call as written */
	location_t where;	/* where the programmer wrote it */
	bool masked;		/* a masking macro is on the chain */
	bool family;		/* a member of the __get_user() family */
	int ptr;		/* its pointer argument, or -1 */
	int len_arg;		/* its length argument; -1: sizeof(*ptr) */
};

bool ua_unit_has_macro_maps(void);
bool ua_unit_has_accessor_asm(void);
bool ua_primitive_call(tree fndecl, enum ua_prim_kind *kind,
		       enum ua_mode *mode);
bool ua_masked_begin_call(tree fndecl);
void ua_primitive_args(tree fndecl, unsigned *ptr, unsigned *len);
bool ua_written_as(location_t loc, bool accessors, struct ua_written *out);
bool ua_asm_has_user_operand(gimple *stmt);
bool ua_family_call(tree fndecl, struct ua_written *out);
bool ua_in_family(location_t loc);
const char *ua_checked_form(const char *name);
int ua_pointer_arg(const char *name);
bool ua_checked_asm(gimple *stmt, tree *ptr);
bool ua_in_checked(location_t loc);
HOST_WIDE_INT ua_family_asm_size(gimple *stmt, tree *ptr, tree *obj);
HOST_WIDE_INT ua_access_size(gimple *asm_stmt, tree *ptr, tree *obj);
bool ua_is_primitive_body(tree fndecl);
bool ua_passes_pointer(tree fndecl);
bool ua_prim_written(const struct ua_prim *p);
bool ua_prim_opens(const struct ua_prim *p);
bool ua_prim_is_scope(const struct ua_prim *p);
bool ua_stores_nothing(gimple *stmt);

/* unit.c: the function table, in postorder */
void ua_unit_build(void);
unsigned ua_unit_count(void);
struct ua_fn *ua_unit_fn(unsigned i);
struct ua_fn *ua_fn_of(cgraph_node *node);
struct ua_fn *ua_fn_of_call(gimple *call);
unsigned ua_nprims(const struct ua_fn *fn);
unsigned ua_ntokens(const struct ua_fn *fn);
const struct ua_prim *ua_prim_at(const struct ua_fn *fn, unsigned i);
const struct ua_prim *ua_prim_of(const struct ua_fn *fn, gimple *stmt);
void ua_fn_enter(struct ua_fn *fn);
void ua_fn_leave(void);
bool ua_callers_known(struct ua_fn *fn);
bool ua_is_syscall(struct ua_fn *fn);
bool ua_is_ioctl_arg(struct ua_fn *fn, tree parm);
void ua_unit_reset(void);

/* phase 1: recognise.c, guard.c, feasible.c, correlate.c */
void ua_find_primitives(struct ua_fn *fn);
void ua_init_prim(struct ua_prim *p, gimple *stmt, enum ua_prim_kind kind,
		  enum ua_mode mode, tree fndecl);
void ua_find_guards(struct ua_fn *fn);
void ua_find_guard(struct ua_prim *p);
bool ua_edge_dominates(edge e, basic_block bb);
bool ua_stmt_before(gimple *a, gimple *b);
bool ua_stmt_dominates(gimple *s, basic_block bb, gimple *stmt);
bool ua_prim_dominates(const struct ua_prim *p, basic_block bb, gimple *stmt);
edge ua_prim_fail_edge(const struct ua_prim *p);
bool ua_prim_fails_before(const struct ua_prim *p, basic_block bb);
edge ua_edge_when(basic_block bb, bool value);
void ua_find_infeasible(struct ua_fn *fn);
bool ua_infeasible(const struct ua_fn *fn, edge in, edge out);
bool ua_block_decided(const struct ua_fn *fn, basic_block bb);
int ua_cond_value(gcond *cond, tree x, int xv);
gcond *ua_block_cond(basic_block bb);
void ua_find_correlated(struct ua_fn *fn);
unsigned ua_assumptions(const struct ua_fn *fn);
bool ua_dead_under(const struct ua_fn *fn, unsigned a, edge e);

/* pointer.c: pointers as roots (reads the summaries, never computes them) */
void ua_resolve(tree ptr, struct ua_refs *out);
void ua_resolve_at(tree ptr, gimple *use, struct ua_refs *out);
void ua_resolve_object(tree obj, gimple *use, struct ua_refs *out);
bool ua_load_cell(const struct ua_ref *ref, tree *parm, HOST_WIDE_INT *coff);
bool ua_same_root(const struct ua_ref *a, const struct ua_ref *b);
void ua_ref_add(struct ua_ref *up, const struct ua_ref *down);
int ua_parm_index(tree fndecl, tree parm);
bool ua_is_load(gimple *def);
bool ua_named_by_programmer(tree t);
bool ua_from_32_bits(tree ptr);

/* phase 2: summary.c, dataflow.c */
void ua_summarise_unit(void);
const struct ua_prim *ua_inner_check(const struct ua_prim *p);
bool ua_stores_back(struct ua_fn *fn, int j);
void ua_region_unit(void);
uint64_t ua_region_at(struct ua_fn *fn, gimple *stmt);
uint64_t ua_region_on_edge(struct ua_fn *fn, edge e);
const struct ua_prim *ua_token_prim(struct ua_fn *fn, int token);
const struct ua_prim *ua_region_opener(struct ua_fn *fn, uint64_t s);

/* phase 3: bound.c, paths.c (query.c, coverage.c, regioncheck.c, callchain.c: verdict.h) */
edge ua_bound_edge(gcond *c, const struct ua_ref *ref, HOST_WIDE_INT size,
		   HOST_WIDE_INT guard);

/* What a path to an access must not pass (paths.c's ua_path_avoids). */
struct ua_cuts {
	const struct ua_prim *const *prims;	/* checks: success edges, masks */
	unsigned n;
	const edge *nulls;			/* not user memory there */
	unsigned nnulls;
};

bool ua_path_avoids(struct ua_fn *fn, const struct ua_cuts *cuts, edge from,
		    basic_block bb, gimple *stmt);
unsigned ua_safe_edges(struct ua_fn *fn, const struct ua_ref *ref,
		       HOST_WIDE_INT size, bool null_page, edge **out);
bool ua_on_kernel_path(struct ua_fn *fn, gimple *stmt);
/* phase 3: query.c (coverage.c, regioncheck.c, callchain.c: verdict.h) */
void ua_query_unit(void);
void ua_query_release(void);
void ua_check_region_ends(struct ua_fn *fn);

/* phase 4: names.c, judge.c, messages.c, distance.c, facts.c, report.c */
int ua_compare_accesses(const void *a, const void *b);
const char *ua_fn_name(struct ua_fn *fn);
const char *ua_root_text(const struct ua_ref *ref);
const char *ua_pointer_text(const struct ua_ref *ref);
const char *ua_root_note(const struct ua_ref *ref);
const char *ua_near_text(const struct ua_ref *ref);

struct ua_counts {
	unsigned accesses, proven, callers, unproven, reported;
};
void ua_judge_unit(struct ua_counts *counts);
void ua_distance_unit(void);
void ua_facts_write(const char *unit);
void ua_report_flush(void);

/*
 * ---- The messages table (messages.def): the words of every diagnostic ----
 * ua_say(loc, fndecl, ID, ...) reports warning ID in its class, and
 * ua_say_note(d, loc, ID, ...) adds note ID; UA_TEXT(ID) is the format of
 * a note or of a piece of a warning.  The formats are constant arrays
 * indexed by constants, so GCC still checks every call's arguments.
 */
enum ua_msg {
#define UA_MSG(id, cls, level, fmt, ...)	UA_MSG_##id,
#include "messages.def"
	UA_NMSGS
};

enum ua_text {
#define UA_NOTE(id, fmt, ...)	UA_TEXT_##id,
#define UA_PART(id, fmt, ...)	UA_TEXT_##id,
#include "messages.def"
	UA_NTEXTS
};

static constexpr const char *const ua_msg_format[UA_NMSGS] = {
#define UA_MSG(id, cls, level, fmt, ...)	fmt,
#include "messages.def"
};

static constexpr enum ua_class ua_msg_class[UA_NMSGS] = {
#define UA_MSG(id, cls, level, fmt, ...)	cls,
#include "messages.def"
};

static constexpr int ua_msg_level[UA_NMSGS] = {
#define UA_MSG(id, cls, level, fmt, ...)	level,
#include "messages.def"
};

static constexpr const char *const ua_text_format[UA_NTEXTS] = {
#define UA_NOTE(id, fmt, ...)	fmt,
#define UA_PART(id, fmt, ...)	fmt,
#include "messages.def"
};

#define ua_say(loc, fndecl, id, ...)					\
	ua_report(loc, ua_msg_class[UA_MSG_##id], fndecl,		\
		  ua_msg_format[UA_MSG_##id], ##__VA_ARGS__)
#define ua_say_note(d, loc, id, ...)					\
	ua_note(d, loc, ua_text_format[UA_TEXT_##id], ##__VA_ARGS__)
#define UA_TEXT(id)	ua_text_format[UA_TEXT_##id]

int ua_class_level(enum ua_class cls);
/* ---- end of the messages table ---- */

#endif
