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
