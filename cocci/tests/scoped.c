// Inputs for uaccess_scoped.cocci (7.x scoped regions).
struct pair { u32 a; u32 b; };

int scoped_ok(struct pair __user *p, u32 v)
{
	scoped_user_write_access(p, efault) {
		unsafe_put_user(v, &p->a, efault);
		unsafe_put_user(v, &p->b, efault);
	}
	return 0;
efault:
	return -EFAULT;
}

int scoped_other_pointer(struct pair __user *p, u32 __user *q, u32 v)
{
	scoped_user_write_access(p, efault) {
		unsafe_put_user(v, &p->a, efault);
		unsafe_put_user(v, q, efault);		/* unchecked: q is not the scoped pointer */
	}
	return 0;
efault:
	return -EFAULT;
}

int scoped_wrong_mode(struct pair __user *p, u32 *out)
{
	scoped_user_write_access_size(p, sizeof(*p), efault) {
		unsafe_get_user(*out, &p->a, efault);	/* mode: read in a write scope */
	}
	scoped_user_read_access(p, efault) {
		unsafe_get_user(*out, &p->b, efault);
	}
	scoped_user_read_access(p, efault) {
		u32 old = 0;
		unsafe_try_cmpxchg_user(&p->a, &old, 1, efault);	/* mode: rmw in a read scope */
	}
	return 0;
efault:
	return -EFAULT;
}

int scoped_rw(struct pair __user *p)
{
	u32 old = 0;

	scoped_user_rw_access(p, efault) {
		unsafe_try_cmpxchg_user(&p->a, &old, 1, efault);
		unsafe_put_user(old, &p->b, efault);
	}
	return 0;
efault:
	return -EFAULT;
}

int scoped_single_statement(u32 __user *p, u32 __user *q)
{
	scoped_user_read_access(p, efault)
		unsafe_put_user(1, q, efault);		/* unchecked and mode */
	return 0;
efault:
	return -EFAULT;
}

int scoped_derived(struct pair __user *p)
{
	scoped_user_write_access(p, efault) {
		u32 __user *b = &p->b;

		unsafe_put_user(1, b, efault);		/* fine: derived from the scoped pointer */
	}
	return 0;
efault:
	return -EFAULT;
}

/*
 * an alias taken before the scope holds the raw pointer (rseq_entry.h uc_head), but the
 * access through the masked p runs first: a bad p faults there, head is p + 0
 */
int scoped_alias_before(struct pair __user *p)
{
	u32 __user *head = (u32 __user *)p;
	u32 v;

	scoped_user_read_access(p, efault) {
		unsafe_get_user(v, &p->b, efault);
		unsafe_get_user(v, head, efault);	/* fine: after an access through p */
	}
	return v;
efault:
	return -EFAULT;
}

/* the scoped pointer computed from another before the scope (readdir.c filldir) */
int scoped_computed_from(struct pair __user *cur, int back)
{
	struct pair __user *prev = (void __user *)cur - back;

	scoped_user_write_access_size(prev, back + sizeof(*cur), efault) {
		unsafe_put_user(0, &prev->b, efault);
		unsafe_put_user(1, &cur->a, efault);	/* unproven: prev + back, back unknown */
	}
	return 0;
efault:
	return -EFAULT;
}

/* a pointer set inside the scope from a value read (rseq_entry.h uc_sig) */
int scoped_set_inside(struct pair __user *p)
{
	u32 __user *sig;
	u32 addr, v;

	scoped_user_read_access(p, efault) {
		unsafe_get_user(addr, &p->a, efault);
		sig = (u32 __user *)(unsigned long)addr;
		unsafe_get_user(v, sig, efault);	/* unchecked: not from the scope */
	}
	return v;
efault:
	return -EFAULT;
}

/* scopes and get/put_user_inline() do not nest */
int scoped_nested(struct pair __user *p, u32 __user *q)
{
	u32 v;

	scoped_user_read_access(p, efault) {
		unsafe_get_user(v, &p->a, efault);
		if (put_user_inline(v, q))		/* region: inside the scope */
			return -EFAULT;
		unsafe_get_user(v, &p->b, efault);
	}
	return 0;
efault:
	return -EFAULT;
}

int inline_in_region(struct pair __user *p, u32 __user *q)
{
	u32 v;

	if (!user_read_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_get_user(v, &p->a, efault);
	if (get_user_inline(v, q))		/* region: inside an open region */
		goto efault;
	unsafe_get_user(v, &p->b, efault);
	user_read_access_end();
	return v;
efault:
	user_read_access_end();
	return -EFAULT;
}

/* get_user_inline() on its own is a complete access */
int inline_alone(u32 __user *q)
{
	u32 v;

	return get_user_inline(v, q) ?: v;
}

int scoped_in_scope(struct pair __user *p, u32 __user *q)
{
	u32 v;

	scoped_user_read_access(p, efault) {
		unsafe_get_user(v, &p->a, efault);
		scoped_user_write_access(q, efault)	/* region: a scope inside a scope */
			unsafe_put_user(v, q, efault);
	}
	return 0;
efault:
	return -EFAULT;
}

/* a helper in the scope of its caller (powerpc sstep.c shape): its accesses give the mode */
static int __read_word(u32 *dest, unsigned long ea)
{
	unsafe_get_user(*dest, (u32 __user *)ea, efault);
	return 0;
efault:
	return -EFAULT;
}

int helper_in_scope(u32 *dest, unsigned long ea)
{
	void __user *uea = (void __user *)ea;

	scoped_user_read_access_size(uea, sizeof(u32), efault)
		return __read_word(dest, (unsigned long)uea);		/* fine */
efault:
	return -EFAULT;
}

int helper_wrong_scope(u32 *dest, unsigned long ea)
{
	void __user *uea = (void __user *)ea;

	scoped_user_write_access_size(uea, sizeof(u32), efault)
		return __read_word(dest, (unsigned long)uea);		/* mode: reads in a write scope */
efault:
	return -EFAULT;
}

int end_in_scope(struct pair __user *p)
{
	scoped_user_write_access(p, efault) {
		unsafe_put_user(1, &p->a, efault);
		user_write_access_end();		/* region: the scope ends it itself */
		unsafe_put_user(2, &p->b, efault);
	}
	return 0;
efault:
	return -EFAULT;
}

int helper_raw_pointer(u32 *dest, unsigned long ea)
{
	void __user *uea = (void __user *)ea;

	scoped_user_read_access_size(uea, sizeof(u32), efault)
		return __read_word(dest, ea);		/* unchecked: the raw ea, not uea */
efault:
	return -EFAULT;
}

/* the alias before any access through the scoped pointer: raw */
int scoped_alias_first(struct pair __user *p)
{
	u32 __user *head = (u32 __user *)p;
	u32 v;

	scoped_user_read_access(p, efault) {
		unsafe_get_user(v, head, efault);	/* unchecked: nothing through p yet */
		unsafe_get_user(v, &p->b, efault);
	}
	return v;
efault:
	return -EFAULT;
}

/* an access through p on one branch only does not cover the alias */
int scoped_alias_one_branch(struct pair __user *p, int first)
{
	u32 __user *tail = &p->b;
	u32 v = 0;

	scoped_user_read_access(p, efault) {
		if (first)
			unsafe_get_user(v, &p->a, efault);
		unsafe_get_user(v, tail, efault);	/* unchecked: not after p on every path */
	}
	return v;
efault:
	return -EFAULT;
}

/* powerpc emulate_spe() (7.1): every access through p = addr, none through addr */
int scoped_emulate_spe(u16 __user *addr, int nb, u16 *v)
{
	u16 __user *p = addr;

	scoped_user_read_access_size(addr, nb, efault) {
		unsafe_get_user(v[0], p++, efault);	/* unchecked */
		unsafe_get_user(v[1], p++, efault);	/* unchecked */
	}
	return 0;
efault:
	return -EFAULT;
}

/* stepped after an access through addr: the offset is not a constant */
int scoped_stepped_alias(u16 __user *addr, int nb, u16 *v)
{
	u16 __user *p = addr;

	scoped_user_read_access_size(addr, nb, efault) {
		unsafe_get_user(v[0], addr, efault);
		unsafe_get_user(v[1], p++, efault);	/* unproven */
	}
	return 0;
efault:
	return -EFAULT;
}

/* rseq_entry.h: abort_ip refused at or above TASK_SIZE and below 4, then read at abort_ip - 4 */
int scoped_task_size_bound(struct pair __user *p)
{
	unsigned long tasksize = TASK_SIZE;
	u32 __user *sig;
	u64 abort_ip;
	u32 v;

	scoped_user_read_access(p, efault) {
		unsafe_get_user(abort_ip, &p->a, efault);
		if (unlikely(abort_ip >= tasksize || abort_ip < sizeof(*sig)))
			goto efault;
		sig = (u32 __user *)(unsigned long)(abort_ip - sizeof(*sig));
		unsafe_get_user(v, sig, efault);	/* fine: bounded by hand */
	}
	return v;
efault:
	return -EFAULT;
}

/* the same without the test of small values: abort_ip - 4 may wrap to a kernel address */
int scoped_task_size_no_low(struct pair __user *p)
{
	u32 __user *sig;
	u64 abort_ip;
	u32 v;

	scoped_user_read_access(p, efault) {
		unsafe_get_user(abort_ip, &p->a, efault);
		if (abort_ip >= TASK_SIZE_MAX)
			return -EINVAL;
		sig = (u32 __user *)(unsigned long)(abort_ip - sizeof(*sig));
		unsafe_get_user(v, sig, efault);	/* unchecked */
	}
	return v;
efault:
	return -EFAULT;
}

/* a test that does not leave refuses nothing */
int scoped_task_size_no_exit(struct pair __user *p, u32 *out)
{
	u32 __user *sig;
	u64 addr;
	u32 v;

	scoped_user_read_access(p, efault) {
		unsafe_get_user(addr, &p->a, efault);
		if (addr >= TASK_SIZE)
			*out = 1;
		sig = (u32 __user *)(unsigned long)addr;
		unsafe_get_user(v, sig, efault);	/* unchecked */
	}
	return v;
efault:
	return -EFAULT;
}

/* the task's registered rseq area: access_ok() in rseq_register() (cocci/lib/registrations) */
int scoped_registered(struct task_struct *t, struct pair __user *p)
{
	scoped_user_rw_access(p, efault) {
		unsafe_put_user(0, &p->a, efault);
		unsafe_put_user(0ULL, &t->rseq.usrptr->rseq_cs, efault);	/* distance */
	}
	return 0;
efault:
	return -EFAULT;
}

/* a user pointer kept in a kernel object that is not a registration: as any other pointer */
struct holder { u32 __user *uptr; };

int scoped_unregistered(struct holder *h, struct pair __user *p)
{
	scoped_user_rw_access(p, efault) {
		unsafe_put_user(0, &p->a, efault);
		unsafe_put_user(0, h->uptr, efault);	/* unchecked */
	}
	return 0;
efault:
	return -EFAULT;
}
