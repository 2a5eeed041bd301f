// SPDX-License-Identifier: GPL-2.0
/*
 * Phase 3, queries: what the __get_user() family asks beyond coverage.
 *
 * __get_user(), __put_user(), __copy_{from,to}_user() and their kin check
 * nothing, and on x86 and powerpc each opens and closes its own region
 * around the access (docs/design.md, "The __get_user() family").  So
 * they need no region, but one called inside an open user-access region
 * closes it: what follows runs outside the region.
 *
 * Most of them are validated by design one or more calls away, in code
 * one unit cannot see, so an unvalidated path is an error (level 0) only
 * where the unit shows where the pointer came from and that nobody could
 * have checked it: the raw argument of a syscall or an ioctl, a value
 * made from an integer (u64_to_user_ptr(args->ptr), a user stack pointer,
 * a pointer read from user memory).  Any other pointer with no check in
 * sight (read from a kernel structure, returned by a call) is unproven,
 * said at level 2.
 */
#include "uaccess_check.h"
#include "verdict.h"

/*
 * A checked access of the same pointer at the same place before @x on
 * every path (move_addr_to_user(): get_user(len, ulen), then
 * __put_user(klen, ulen)): get_user() checked it, for the same bytes.
 */
bool ua_family_checked_before(struct ua_access *acc, const struct ua_asm *x)
{
	struct ua_refs mine;
	basic_block bb;

	if (!x->ptr)
		return false;
	ua_resolve_at(x->ptr, x->stmt, &mine);
	if (mine.n != 1 || mine.overflow || !mine.ref[0].off_known)
		return false;
	FOR_EACH_BB_FN(bb, acc->fn->fun) {
		gimple_stmt_iterator gsi;

		for (gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
			gimple *g = gsi_stmt(gsi);
			struct ua_refs refs;
			tree ptr;

			if (!ua_checked_asm(g, &ptr) ||
			    !ua_stmt_dominates(g, gimple_bb(x->stmt), x->stmt))
				continue;
			ua_resolve_at(ptr, g, &refs);
			if (refs.n == 1 && refs.ref[0].off_known &&
			    refs.ref[0].off == mine.ref[0].off &&
			    ua_same_root(&refs.ref[0], &mine.ref[0]))
				return true;
		}
	}
	return false;
}

/*
 * A family member inside an open region (of this function: a region of
 * the caller's is the caller's question) ends it on x86 and powerpc.
 */
void ua_family_region(struct ua_access *acc)
{
	uint64_t open = acc->asms[0].region & RS_OPEN_MASK;
	struct ua_finding f;

	if (!open)
		return;
	memset(&f, 0, sizeof(f));
	f.cls = UA_REGION;
	f.fn = acc->fn;
	f.prim = ua_region_opener(acc->fn, open);
	ua_verdict_add_finding(acc->region, &f);
}

/*
 * Is @field a member of the user's own layout: a uapi structure's (its
 * type one of uapi's __u64, __aligned_u64, ..., or the structure declared
 * under include/uapi/), or a user register in struct pt_regs?
 */
static bool user_field(tree field, tree record)
{
	tree tn = TYPE_NAME(TREE_TYPE(field));
	tree rn = TYPE_NAME(record);
	const char *file;

	if (tn && TREE_CODE(tn) == TYPE_DECL && DECL_NAME(tn) &&
	    startswith(IDENTIFIER_POINTER(DECL_NAME(tn)), "__"))
		return true;
	if (rn && TREE_CODE(rn) == TYPE_DECL)
		rn = DECL_NAME(rn);
	if (rn && TREE_CODE(rn) == IDENTIFIER_NODE &&
	    !strcmp(IDENTIFIER_POINTER(rn), "pt_regs"))
		return true;
	file = DECL_SOURCE_FILE(field);
	return file && strstr(file, "/uapi/");
}

/* The member a load reads, through array elements, or NULL. */
static tree loaded_field(tree ref, tree *record)
{
	while (TREE_CODE(ref) == ARRAY_REF || TREE_CODE(ref) == BIT_FIELD_REF)
		ref = TREE_OPERAND(ref, 0);
	if (TREE_CODE(ref) != COMPONENT_REF)
		return NULL_TREE;
	*record = TREE_TYPE(TREE_OPERAND(ref, 0));
	return TREE_OPERAND(ref, 1);
}

/*
 * Is @f's member read through a typed parameter of a static function called
 * through a pointer (i915's obj->ops->pwrite(obj, args))?  The ioctl that
 * filled the structure may have checked it before the indirect call,
 * in code this unit does not show.  A dispatcher's "void *data" (a drm
 * ioctl's copy of the user's block) is the user's own, unchecked.
 */
static bool member_of_indirect_callee(const struct ua_finding *f)
{
	HOST_WIDE_INT coff;
	tree parm;

	return f->fn->node->address_taken && !TREE_PUBLIC(f->fn->node->decl) &&
	       ua_load_cell(&f->ref, &parm, &coff) &&
	       !VOID_TYPE_P(TREE_TYPE(TREE_TYPE(parm)));
}

/* A value user space chose, which nobody could have checked before it. */
static bool user_chosen(const struct ua_finding *f)
{
	tree root = f->ref.root, field, record;

	switch (f->ref.kind) {
	case ROOT_PARM:
		return ua_is_syscall(f->fn) || ua_is_ioctl_arg(f->fn, root);
	case ROOT_LOAD:
		if (!INTEGRAL_TYPE_P(TREE_TYPE(root)) ||
		    member_of_indirect_callee(f))
			return false;
		field = loaded_field(root, &record);
		return field && user_field(field, record);
	case ROOT_VALUE:
		if (TREE_CODE(root) != SSA_NAME ||
		    !INTEGRAL_TYPE_P(TREE_TYPE(root)))
			return false;
		/* an integer a user access read (an asm output), not a call's */
		return gimple_code(SSA_NAME_DEF_STMT(root)) == GIMPLE_ASM;
	default:
		return false;
	}
}

/* Does check @p validate a pointer read from member @field? */
static bool checks_field(const struct ua_prim *p, tree field)
{
	const struct ua_prim *inner = ua_inner_check(p);
	struct ua_refs refs;
	tree record;
	unsigned i;

	if (!inner || !ua_prim_props[inner->kind].checks ||
	    inner->kind == PRIM_MASK || gimple_call_num_args(inner->stmt) < 1)
		return false;
	ua_resolve(gimple_call_arg(inner->stmt, inner->ptr_arg), &refs);
	for (i = 0; i < refs.n; i++)
		if (refs.ref[i].kind == ROOT_LOAD &&
		    loaded_field(refs.ref[i].root, &record) == field)
			return true;
	return false;
}

/*
 * Another function of the unit that checks a pointer read from the same member
 * (i915's check_relocations() validates u64_to_user_ptr(entry->relocs_ptr)
 * before eb_copy_relocations() reads it again): the unit does not show
 * that no check happened.
 */
static struct ua_fn *field_checked_in_unit(const struct ua_finding *f)
{
	tree field, record;
	unsigned i, j;

	if (f->ref.kind != ROOT_LOAD ||
	    !(field = loaded_field(f->ref.root, &record)))
		return NULL;
	for (i = 0; i < ua_unit_count(); i++) {
		struct ua_fn *fn = ua_unit_fn(i);

		/* its own checks are on paths the plugin follows */
		if (fn == f->fn)
			continue;
		for (j = 0; j < ua_nprims(fn); j++)
			if (checks_field(ua_prim_at(fn, j), field))
				return fn;
	}
	return NULL;
}

/* Is @call one the family's own rules account for (a primitive, an access)? */
static bool accounted_call(struct ua_fn *fn, gimple *call)
{
	tree callee = gimple_call_fndecl(call);
	unsigned i;

	if (!callee || ua_prim_of(fn, call) || ua_is_primitive_body(callee) ||
	    fndecl_built_in_p(callee))
		return true;
	for (i = 0; i < fn->naccesses; i++)
		if (fn->accesses[i].asms[0].stmt == call)
			return true;
	return false;
}

/*
 * The argument of @call whose root is @ref's, or -1; a pointer, or with
 * @integers an integer (the "unsigned long" a helper makes a pointer of).
 */
static int arg_of(gimple *call, const struct ua_ref *ref, bool integers)
{
	unsigned k, r;

	for (k = 0; k < gimple_call_num_args(call); k++) {
		tree type = TREE_TYPE(gimple_call_arg(call, k));
		struct ua_refs refs;

		if (!POINTER_TYPE_P(type) && !(integers && INTEGRAL_TYPE_P(type)))
			continue;
		ua_resolve(gimple_call_arg(call, k), &refs);
		for (r = 0; r < refs.n; r++)
			if (ua_same_root(&refs.ref[r], ref))
				return k;
	}
	return -1;
}

/*
 * The call that, on every path to @point, was handed the pointer before:
 * it may have checked it (___sys_recvmsg() copies the header it points to
 * with copy_from_user()).
 */
static gimple *passed_before(struct ua_fn *fn, const struct ua_ref *ref,
			     gimple *point)
{
	basic_block bb;
	gimple *found = NULL;

	ua_fn_enter(fn);
	FOR_EACH_BB_FN(bb, fn->fun) {
		gimple_stmt_iterator gsi;

		for (gsi = gsi_start_bb(bb); !gsi_end_p(gsi) && !found;
		     gsi_next(&gsi)) {
			gimple *g = gsi_stmt(gsi);

			if (!is_gimple_call(g) || g == point ||
			    accounted_call(fn, g) ||
			    !ua_stmt_dominates(g, gimple_bb(point), point))
				continue;
			if (arg_of(g, ref, false) >= 0)
				found = g;
		}
	}
	ua_fn_leave();
	return found;
}

/* Parameter @k of @fn as a root. */
static bool param_ref(struct ua_fn *fn, int k, struct ua_ref *out)
{
	tree parm = DECL_ARGUMENTS(fn->node->decl);

	while (parm && k--)
		parm = DECL_CHAIN(parm);
	if (!parm)
		return false;
	memset(out, 0, sizeof(*out));
	out->kind = ROOT_PARM;
	out->root = parm;
	out->off_known = true;
	return true;
}

#define UA_HANDED_DEPTH 8

/*
 * Down the calls that pass @ref on from @fn to @target's @access: the
 * first call on the way, in any of them, that was handed the pointer
 * before it went on (the chain itself is not kept by the verdict).
 */
static bool handed_on_the_way(struct ua_fn *fn, const struct ua_ref *ref,
			      struct ua_fn *target, gimple *access, int depth,
			      gimple **handed)
{
	basic_block bb;

	if (fn == target) {
		*handed = passed_before(fn, ref, access);
		return true;
	}
	if (depth >= UA_HANDED_DEPTH)
		return false;
	FOR_EACH_BB_FN(bb, fn->fun) {
		gimple_stmt_iterator gsi;

		for (gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
			gimple *g = gsi_stmt(gsi);
			struct ua_fn *h = is_gimple_call(g) ? ua_fn_of_call(g) : NULL;
			struct ua_ref down;
			int k;

			if (!h || h == fn || (k = arg_of(g, ref, true)) < 0 ||
			    !param_ref(h, k, &down) ||
			    !handed_on_the_way(h, &down, target, access,
					       depth + 1, handed))
				continue;
			if (!*handed)
				*handed = passed_before(fn, ref, g);
			return true;
		}
	}
	return false;
}

/* The call handed the pointer first, anywhere from @f's function down. */
static gimple *handed_first(const struct ua_finding *f, struct ua_access *acc)
{
	gimple *access = acc->asms[0].stmt, *handed = NULL;
	struct ua_ref down;
	int k;

	if (!f->call)
		return f->fn == acc->fn ? passed_before(f->fn, &f->ref, access) : NULL;
	handed = passed_before(f->fn, &f->ref, f->call);
	if (handed || !f->callee || (k = arg_of(f->call, &f->ref, true)) < 0 ||
	    !param_ref(f->callee, k, &down))
		return handed;
	handed_on_the_way(f->callee, &down, acc->fn, access, 1, &handed);
	return handed;
}

/*
 * Why an unchecked path of @acc's pointer is not level 0, if it is not:
 * the unit does not show the pointer is the user's own value, or shows a
 * check of it that the plugin cannot follow.
 */
static enum ua_unseen why_unseen(const struct ua_finding *f,
				 struct ua_access *acc,
				 struct ua_fn **checker, gimple **passed)
{
	if (!user_chosen(f))
		return UA_UNSEEN_SOURCE;
	*checker = field_checked_in_unit(f);
	if (*checker)
		return UA_UNSEEN_FIELD_CHECKED;
	*passed = handed_first(f, acc);
	if (*passed)
		return UA_UNSEEN_PASSED;
	return UA_UNSEEN_NO;
}

/*
 * A compat syscall's argument: the entry code passes 32-bit values (x86's
 * ia32 entry, powerpc's system_call_exception() clearing the high halves
 * for a compat task), so a pointer made of one is below 4 GiB and needs
 * no check, as ua_from_32_bits() says of a pointer made from a u32 ("no
 * need for access_ok since we are dealing with compat pointers", powerpc's
 * compat sys_swapcontext()).
 */
static bool compat_argument(const struct ua_finding *f)
{
	const char *name = IDENTIFIER_POINTER(DECL_NAME(f->fn->node->decl));

	return f->ref.kind == ROOT_PARM && startswith(name, "__do_compat_sys_");
}

/* A caller passing a pointer made from a 32-bit value (ua_from_32_bits()). */
static bool passes_32_bits(const struct ua_finding *f)
{
	int k = f->call ? arg_of(f->call, &f->ref, true) : -1;

	return k >= 0 && ua_from_32_bits(gimple_call_arg(f->call, k));
}

/*
 * An unchecked path whose pointer the unit cannot show to be the user's
 * own, unchecked value is a question for code the unit does not hold (or
 * does not follow): unproven.
 */
void ua_family_levels(struct ua_access *acc)
{
	struct ua_verdict *v = acc->cover;
	enum ua_class worst = UA_PROVEN;
	bool softened = false;
	unsigned i;

	for (i = 0; i < v->nfindings; i++) {
		struct ua_finding *f = &v->finding[i];
		struct ua_fn *checker = NULL;
		gimple *passed = NULL;
		enum ua_unseen why;

		if (f->cls == UA_UNCHECKED &&
		    (compat_argument(f) || passes_32_bits(f))) {
			acc->proven_by = compat_argument(f) ? "compat" : "u32";
			f->cls = UA_PROVEN;
			softened = true;
		} else if (f->cls == UA_UNCHECKED && !f->kept &&
		    (why = why_unseen(f, acc, &checker, &passed)) != UA_UNSEEN_NO) {
			f->cls = UA_UNPROVEN;
			f->unseen = why;
			f->unseen_checker = checker;
			f->unseen_call = passed;
			softened = true;
		}
		worst = MAX(worst, f->cls);
	}
	if (softened && v->cls == UA_UNCHECKED)
		v->cls = worst;
}
