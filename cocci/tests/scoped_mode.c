/* inputs for uaccess_scoped_mode.cocci */

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
