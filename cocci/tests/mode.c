// Inputs for uaccess_mode.cocci.
struct rec { u32 a; u32 b; };

int read_in_write_region(struct rec __user *p, u32 *v)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(1, &p->a, efault);
	unsafe_get_user(*v, &p->b, efault);		/* mode: read in a write region */
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

int write_in_read_region(struct rec __user *p, u32 *v)
{
	if (unlikely(!user_read_access_begin(p, sizeof(*p))))
		return -EFAULT;
	unsafe_get_user(*v, &p->a, efault);
	unsafe_put_user(0, &p->b, efault);		/* mode: write in a read region */
	user_read_access_end();
	return 0;
efault:
	user_read_access_end();
	return -EFAULT;
}

int cmpxchg_in_write_region(u32 __user *p, u32 *old, u32 new)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_try_cmpxchg_user(p, old, new, efault);	/* mode: read and write */
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

static int fetch(u32 __user *p, u32 *v)
{
	unsafe_get_user(*v, p, efault);
	return 0;
efault:
	return -EFAULT;
}

int helper_reads_in_write_region(u32 __user *p, u32 *v)
{
	int err;

	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	err = fetch(p, v);				/* mode: the helper reads */
	user_write_access_end();
	return err;
}

int correct(struct rec __user *p, u32 *v, u32 *old)
{
	if (!user_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_get_user(*v, &p->a, efault);
	unsafe_put_user(*v, &p->b, efault);
	unsafe_try_cmpxchg_user(&p->a, old, 1, efault);
	user_access_end();
	if (!user_read_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_get_user(*v, &p->b, efault2);
	user_read_access_end();
	return 0;
efault:
	user_access_end();
	return -EFAULT;
efault2:
	user_read_access_end();
	return -EFAULT;
}
